/**
 * Harmless text shaped like secrets (hashes, ids, encoded binary, long names, other scripts): every
 * one must pass every channel byte for byte.
 */
import { B64, HEX, rand } from "./random.js";

export function sharedLookalikes(): string[] {
  return [
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 (HEAD -> main, origin/main)",
    "short sha 9fceb02 and tag v2.14.0-rc.3+build.5114f85",
    "request id 3f0c2a7e-9b1d-4c8e-a6f2-1d2e3f4a5b6c and ULID 01HZX3V8K9QW2E4R6T8Y0U2I4O",
    `sha256:${rand(HEX, 64)} is the image digest`,
    `"integrity": "sha512-${rand(B64, 86)}=="`,
    `go.sum: golang.org/x/text v0.14.0 h1:${rand(B64, 43)}=`,
    'class="tw-bg-gradient-to-r tw-from-indigo-500 tw-via-purple-500 hover:tw-shadow-lg"',
    "src/jobs/extract/engine/feedback-compose.ts:212 and ../shared/data/transcripts/claude-code/",
    "refs/heads/feature/rate-limiter-v2 refs/remotes/origin/release/2026.02",
    "데이터베이스 연결 풀 크기는 환경 변수로 설정합니다; 用户身份验证服务需要重新启动",
    "IPv6 fe80::1ff:fe23:4567:890a, MAC 00:1B:44:11:3A:B7, at 2026-02-11T20:00:00Z",
    "webpack emitted main.3f2a9c1d8e7b6a5f.js and vendor.0123abcd.chunk.css",
    "AbstractSingletonProxyFactoryBean InternationalizationConfigurationManager",
  ];
}
