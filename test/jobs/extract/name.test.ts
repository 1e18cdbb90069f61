/** Topic file names of planned memories: readable in the description's own script, bounded, secret-free. */
import { describe, expect, it } from "vitest";
import { memoryName } from "../../../src/jobs/extract/engine/name.js";
import { planPrompt } from "../../helpers/plan-prompt.js";

describe("memoryName", () => {
  it.each([
    ["feedback", "주석은 영어로 달아 주세요", "feedback-주석-영어-달아"],
    ["feedback", "PR은 항상 스쿼시 머지로 해주세요", "feedback-pr-스쿼시-머지"],
    [
      "project",
      "인증 서버는 Keycloak으로 옮기기로 결정했어요",
      "project-인증-서버-keycloak-옮기기-결정했어요",
    ],
    ["user", "Пишите комментарии по-русски", "user-пишите-комментарии-по-русски"],
    ["user", "हिंदी में लिखें", "user-हिंदी-में-लिखें"],
    [
      "feedback",
      "Don't mock the database in integration tests",
      "feedback-no-mock-database-integration-tests",
    ],
    // a correction's cue words say when, not what
    ["feedback", "이제 커밋 메시지는 한국어로 써", "feedback-커밋-메시지-한국어-써"],
    ["feedback", "Spaces now, not tabs", "feedback-spaces-not-tabs"],
  ] as const)("names a %s memory %j as %j", (type, description, name) => {
    expect(memoryName(type, description)).toBe(name);
  });

  it("names a Korean memory by what it holds, not by a hash", () => {
    const [m] = planPrompt("커밋 메시지는 한국어로 써 주세요");
    expect(m?.name).toMatch(/^feedback-커밋-메시지/);
    expect(m?.name).not.toMatch(/-ko-|[0-9a-f]{8}$/);
  });

  it("writes Hangul in NFC whatever the input's normalization", () => {
    const nfd = "주석은 영어로 달아 주세요".normalize("NFD");
    const name = memoryName("feedback", nfd);
    expect(name).toBe(name.normalize("NFC"));
    expect(name).toBe("feedback-주석-영어-달아");
  });

  it("stays a single path segment of at most 60 code points after the type", () => {
    const long =
      "배포 전에는 반드시 스테이징 환경에서 통합 테스트와 부하 테스트와 보안 점검을 모두 끝내 주세요 / ../etc";
    const name = memoryName("feedback", long);
    expect(name).not.toMatch(/[/\\.:\s]/);
    expect([...name.slice("feedback-".length)].length).toBeLessThanOrEqual(60);
  });

  it("never puts a secret in the name, in any script", () => {
    const token = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    const name = memoryName("reference", `배포 토큰은 ${token} 이에요`);
    expect(name.toLowerCase()).not.toContain(token.toLowerCase().slice(4, 16));
    expect(name).toMatch(/^reference-배포-토큰/);
  });

  it("falls back to a hash when no word is left", () => {
    expect(memoryName("user", "!!! ???")).toMatch(/^user-[0-9a-f]{8}$/);
  });
});
