/**
 * Secrets without a provider prefix: PEM blocks, JWTs, headers, URLs, `.env` files, assignments, command
 * lines, prose, base64- and hex-encoded credentials, and keys split by a newline or string concatenation.
 */
import { ALNUM, B64, B64URL, b64, HEX, hex, rand } from "./random.js";
import { type SecretKind, sample } from "./types.js";

/** `s` cut into lines of `width` characters (as `base64 -w` and terminals wrap). */
const wrap = (s: string, width: number) => s.match(new RegExp(`.{1,${width}}`, "g"))!.join("\n");

export function genericKinds(): SecretKind[] {
  const pemBody = rand(B64, 64 * 6);
  const pem = `-----BEGIN RSA PRIVATE KEY-----\nMIIE${wrap(pemBody, 64)}\n-----END RSA PRIVATE KEY-----`;
  const sshBody = rand(B64, 70 * 4);
  const jwtSig = rand(B64URL, 43);
  const jwt = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${b64('{"sub":"u-8812","exp":1893456000}').replace(/=+$/, "")}.${jwtSig}`;
  const basic = `deploy:${rand(ALNUM, 16)}`;
  const shortBasic = "u:pass";
  const bearer = rand(B64URL, 40);
  const okta = `00${rand(B64URL, 40)}`;
  const cookie = rand(ALNUM, 32);
  const dbPw = `Pw-${rand(ALNUM, 14)}`;
  const urlTok = `ghp_${rand(ALNUM, 36)}`;
  const qTok = rand(B64URL, 32);
  const qKey = rand(ALNUM, 39);
  const amzSig = rand(HEX, 64);
  const env1 = rand(ALNUM, 20);
  const env2 = rand(ALNUM, 24);
  const assign = rand(ALNUM, 16);
  const yamlPw = `y${rand(ALNUM, 15)}!`;
  const cliPw = `S3${rand(ALNUM, 12)}`;
  const curlPw = `c${rand(ALNUM, 13)}`;
  const prosePw = `Tr0ub4dor&${rand(ALNUM, 8)}`;
  const koPw = `k${rand(ALNUM, 11)}9`;
  const cred = `admin:${rand(ALNUM, 14)}!`;
  const envTok = `ghp_${rand(ALNUM, 36)}`;
  const dockerAuth = `bot:${rand(ALNUM, 20)}`;
  const pemForK8s = `-----BEGIN PRIVATE KEY-----\n${wrap(rand(B64, 128), 64)}\n-----END PRIVATE KEY-----\n`;
  const hexCred = `svc:${rand(ALNUM, 16)}`;
  const hexTok = `sk-ant-api03-${rand(B64URL, 40)}`;
  const ant = rand(B64URL, 93);
  const gh = rand(ALNUM, 36);
  const gh2 = rand(ALNUM, 36);
  const sg = `${rand(B64URL, 22)}.${rand(B64URL, 43)}`;
  return [
    {
      kind: "private_key",
      positives: [
        sample(`key.pem:\n${pem}\n`, pemBody.slice(0, 24), pemBody.slice(200, 224)),
        sample(
          `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA${wrap(sshBody, 70)}\n-----END OPENSSH PRIVATE KEY-----`,
          sshBody.slice(0, 24),
        ),
      ],
      lookalikes: [
        "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2xvdWRmbGFyZSBjZXJ0\n-----END CERTIFICATE-----",
        `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rand(B64, 43)} me@laptop`,
      ],
    },
    {
      kind: "jwt",
      positives: [sample(`id_token ${jwt} from the IdP`, jwtSig.slice(0, 24))],
      lookalikes: ['the header eyJhbGciOiJub25lIn0 decodes to {"alg":"none"}'],
    },
    {
      kind: "authorization_header",
      positives: [
        sample(
          `curl -H 'Authorization: Basic ${b64(basic)}' https://api.example.com`,
          b64(basic).slice(0, 14),
          basic.slice(7),
        ),
        sample(`Authorization: Basic ${b64(shortBasic)}`, b64(shortBasic)),
        sample(`Authorization: Bearer ${bearer}`, bearer.slice(0, 24)),
        sample(`Proxy-Authorization: Basic ${b64(basic)}`, b64(basic).slice(0, 14)),
        sample(`Authorization: SSWS ${okta}`, okta.slice(2, 26)),
      ],
      lookalikes: ["Authorization: required; Bearer tokens are described in RFC 6750."],
    },
    {
      kind: "cookie_header",
      positives: [sample(`Cookie: theme=dark; sessionid=${cookie}`, cookie.slice(0, 24))],
      lookalikes: ["cookie banners are annoying"],
    },
    {
      kind: "url_userinfo",
      positives: [
        sample(`DATABASE_URL=postgres://app:${dbPw}@db.internal:5432/app`, dbPw.slice(3)),
        sample(`git clone https://${urlTok}@github.com/acme/api.git`, urlTok.slice(4, 28)),
        sample(`mongodb+srv://ops:${dbPw}x@cluster0.mongodb.net/db`, dbPw.slice(3)),
      ],
      lookalikes: ["git@github.com:acme/api.git and https://user@example.com/path"],
    },
    {
      kind: "url_query_secret",
      positives: [
        sample(`GET https://api.example.com/v1/me?access_token=${qTok}&x=1`, qTok.slice(0, 24)),
        sample(`https://maps.example.com/api?key=${qKey}&q=seoul`, qKey.slice(0, 24)),
        sample(
          `https://b.s3.amazonaws.com/o?X-Amz-Signature=${amzSig}&X-Amz-Date=20260101T000000Z`,
          amzSig.slice(0, 24),
        ),
        sample(`https://app.example.com/cb#access_token=${qTok}z&state=ok`, qTok.slice(0, 24)),
      ],
      lookalikes: ["https://shop.example.com/list?page=2&sort=desc&key=name&v=3.2.1"],
    },
    {
      kind: "dotenv",
      positives: [
        sample(`# .env\nDB_HOST=db.internal\nSTRIPE_API=${env1}\nMY_SERVICE=${env2}\n`, env1, env2),
      ],
      lookalikes: ["NODE_ENV=production"],
    },
    {
      kind: "assignment",
      positives: [
        sample(`export DB_PASSWORD=${assign}`, assign),
        sample(`database:\n  password: ${yamlPw}\n`, yamlPw.slice(1, 15)),
        sample(`{"client_secret": "${assign}Z"}`, assign),
      ],
      lookalikes: ["password: string; max_tokens = 4096; tokenizer = Tokenizer()"],
    },
    {
      kind: "cli_flags",
      positives: [
        sample(`mysql -u root -p${cliPw} app`, cliPw),
        sample(`curl -u admin:${curlPw} https://ci.example.com/api`, curlPw),
        sample(`psql --password ${cliPw}Q`, cliPw),
      ],
      lookalikes: ["npx vitest run --passWithNoTests; ls -p; mkdir -p dist"],
    },
    {
      kind: "prose",
      positives: [
        sample(`the staging db password is ${prosePw} for now`, prosePw.slice(10)),
        sample(`서버 비밀번호는 ${koPw}야`, koPw),
      ],
      lookalikes: ["the password is required; 비밀번호를 재설정하세요; 암호화된 파일"],
    },
    {
      kind: "base64_credential",
      positives: [
        sample(`$ echo -n '${cred}' | base64\n${b64(cred)}\n`, b64(cred).slice(4, 20), cred.slice(6, 20)),
        sample(`{"auths": {"ghcr.io": {"auth": "${b64(dockerAuth)}"}}}`, b64(dockerAuth).slice(4, 24)),
        sample(`data:\n  tls.key: ${b64(pemForK8s)}\n`, b64(pemForK8s).slice(40, 64)),
        sample(
          `base64 -w 76 .env:\n${wrap(b64(`GITHUB_TOKEN=${envTok}\n`), 76)}\n`,
          b64(`GITHUB_TOKEN=${envTok}\n`).slice(20, 44),
        ),
      ],
      lookalikes: [
        `data:image/png;base64,${pngBase64()}`,
        `echo aGVsbG8gd29ybGQsIHRoaXMgaXMgcGxhaW4gdGV4dA== | base64 -d`,
        "integrity sha512-Jz3cLgtwlU1kLQBhq8rGvHbX2eOQOG1+NNeEXmPB1ARnVk0UK26v/NnPhQIdYT2Ev+Q0M5oUfQw6Aon2jwJWUQ==",
      ],
    },
    {
      kind: "hex_credential",
      positives: [
        sample(`xxd -p creds.txt\n${hex(hexCred)}\n`, hex(hexCred).slice(8, 40)),
        sample(`payload 0x${hex(hexTok)}`, hex(hexTok).slice(40, 72)),
      ],
      lookalikes: [
        "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 and 0x71C7656EC7ab88b098defB751B7401B5f6d8976F",
      ],
    },
    {
      kind: "split_key",
      positives: [
        sample(
          `ANTHROPIC_API_KEY=sk-ant-api03-${ant.slice(0, 40)}\\\n    ${ant.slice(40)}AA`,
          ant.slice(0, 24),
          ant.slice(40, 64),
        ),
        sample(
          `key = "sk-ant-api03-${ant.slice(0, 30)}" + "${ant.slice(30)}AA"`,
          ant.slice(0, 24),
          ant.slice(30, 54),
        ),
        sample(
          `token = ('ghp_${gh.slice(0, 12)}'\n         '${gh.slice(12)}')`,
          gh.slice(0, 12),
          gh.slice(12, 36),
        ),
        sample(`gh token:\nghp_${gh2.slice(0, 20)}\n${gh2.slice(20)}\n`, gh2.slice(0, 20), gh2.slice(20)),
        sample(`sg = 'SG.${sg.slice(0, 20)}' +\n  '${sg.slice(20)}'`, sg.slice(0, 20), sg.slice(20, 44)),
      ],
      lookalikes: ['msg = "ghp_ tokens are" + " classic PATs"', "see ghp_\nnext line"],
    },
  ];
}

/** A PNG: the signature, an IHDR chunk header and random bytes (base64 of binary, not text). */
function pngBase64(): string {
  const sig = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ]);
  const body = Buffer.from(rand(HEX, 600), "hex");
  return Buffer.concat([sig, body]).toString("base64");
}
