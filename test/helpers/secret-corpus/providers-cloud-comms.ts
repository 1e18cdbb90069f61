/** Provider-prefixed tokens: cloud platforms, messaging, mail, payments. */
import { ALNUM, B64, B64URL, HEX, LOWER_ALNUM, rand, UPPER_ALNUM } from "./random.js";
import { type SecretKind, sample, token } from "./types.js";

export function cloudCommsKinds(): SecretKind[] {
  const awsSecret = rand(B64, 40);
  const accountKey = `${rand(B64, 86)}==`;
  const sasSig = rand(ALNUM, 43);
  const discordBot = `M${rand(ALNUM, 25)}.${rand(B64URL, 6)}.${rand(B64URL, 38)}`;
  const discordHook = rand(B64URL, 68);
  return [
    {
      kind: "aws_access_key",
      positives: [token("aws_access_key_id = $", "AKIA", rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16))],
      lookalikes: ["arn:aws:iam::123456789012:role/deploy-role"],
    },
    {
      kind: "aws_secret_key",
      positives: [sample(`aws_secret_access_key = ${awsSecret}`, awsSecret.slice(0, 20))],
      lookalikes: ["commit 3f786850e387550fdab836ed7e6dc881de23001b fixed the AWS retry"],
    },
    {
      kind: "gcp_api_key",
      positives: [token("maps key=$&v=3", "AIza", rand(B64URL, 35))],
      lookalikes: ["AIza is how Google API keys start"],
    },
    {
      kind: "google_oauth",
      positives: [
        token('"client_secret": "$"', "GOCSPX-", rand(B64URL, 28)),
        token("access token $ expires", "ya29.", rand(B64URL, 120)),
      ],
      lookalikes: ["GOCSPX- prefix; ya29 is a Google token prefix"],
    },
    {
      kind: "azure_storage_key",
      positives: [
        sample(
          `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${accountKey};EndpointSuffix=core.windows.net`,
          accountKey.slice(0, 24),
        ),
      ],
      lookalikes: ["UseDevelopmentStorage=true;AccountName=devstoreaccount1"],
    },
    {
      kind: "azure_sas",
      positives: [
        sample(
          `https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&sp=r&sig=${sasSig}%3D`,
          sasSig.slice(0, 20),
        ),
      ],
      lookalikes: ["https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r"],
    },
    {
      kind: "azure_ad_secret",
      positives: [token("AZURE_CLIENT_SECRET $ rotated", "", `${rand(ALNUM, 3)}8Q~${rand(ALNUM, 34)}`)],
      lookalikes: ["Q~ is an Azure secret marker"],
    },
    {
      kind: "alibaba_key",
      positives: [token("aliyun $ id", "LTAI", rand(ALNUM, 20))],
      lookalikes: ["LTAI prefix"],
    },
    {
      kind: "digitalocean_token",
      positives: [token("doctl auth init -t $", "dop_v1_", rand(HEX, 64))],
      lookalikes: ["dop_v1_ is the DigitalOcean prefix"],
    },
    {
      kind: "cloudflare_origin_ca",
      positives: [token("origin ca key $", "v1.0-", `${rand(HEX, 24)}-${rand(HEX, 146)}`)],
      lookalikes: ["release v1.0-rc1 and v1.0-beta"],
    },
    {
      kind: "vercel_token",
      positives: [token("vercel --token $", "vcp_", rand(ALNUM, 56))],
      lookalikes: ["vcp_ prefix"],
    },
    {
      kind: "supabase_key",
      positives: [token("supabase login --token $", "sbp_", rand(HEX, 40))],
      lookalikes: ["sbp_ prefix"],
    },
    {
      kind: "planetscale_token",
      positives: [token("pscale $", "pscale_tkn_", rand(B64URL, 43))],
      lookalikes: ["pscale_tkn_ prefix"],
    },
    {
      kind: "dropbox_token",
      positives: [token("dropbox $", "sl.", rand(B64URL, 138))],
      lookalikes: ["sl.example and sl.u. prefixes"],
    },
    {
      kind: "mapbox_secret",
      positives: [token("mapbox $", "sk.eyJ1Ijoi", `${rand(B64URL, 50)}.${rand(B64URL, 22)}`)],
      lookalikes: ["mapbox public pk. tokens are fine to ship"],
    },
    {
      kind: "slack",
      positives: [
        token("bot $", "xoxb-", `${rand("0123456789", 12)}-${rand("0123456789", 13)}-${rand(ALNUM, 24)}`),
        token(
          "app-level $",
          "xapp-1-",
          `A0${rand(UPPER_ALNUM, 9)}-${rand("0123456789", 13)}-${rand(HEX, 64)}`,
        ),
        token(
          "https://hooks.slack.com/services/$",
          "T0",
          `${rand(UPPER_ALNUM, 8)}/B0${rand(UPPER_ALNUM, 8)}/${rand(ALNUM, 24)}`,
        ),
      ],
      lookalikes: ["https://hooks.slack.com/ docs; xox-tic-tac"],
    },
    {
      kind: "discord",
      positives: [
        sample(`client.login("${discordBot}")`, discordBot.slice(1, 25)),
        sample(
          `https://discord.com/api/webhooks/1234567890123456789/${discordHook}`,
          discordHook.slice(0, 24),
        ),
      ],
      lookalikes: ["https://discord.com/api/webhooks is the endpoint"],
    },
    {
      kind: "telegram_bot_token",
      positives: [
        token("https://api.telegram.org/bot$/getMe", "", `${rand("0123456789", 10)}:AA${rand(B64URL, 33)}`),
      ],
      lookalikes: ["run at 12:34:56 on localhost:8080, ratio 1234567890:1"],
    },
    {
      kind: "twilio_key",
      positives: [token("twilio api key $ sid", "SK", rand(HEX, 32))],
      lookalikes: ["md5 7f3d9e8a0b1c2d3e4f5a6b7c8d9e0f1a SKU-00042"],
    },
    {
      kind: "sendgrid_key",
      positives: [token("sendgrid $", "SG.", `${rand(B64URL, 22)}.${rand(B64URL, 43)}`)],
      lookalikes: ["sgMail = require('@sendgrid/mail'); SG.setApiKey(process.env.SENDGRID_API_KEY)"],
    },
    {
      kind: "mailgun_key",
      positives: [token("curl --user 'api:$' https://api.mailgun.net", "key-", rand(HEX, 32))],
      lookalikes: ["a key-value store"],
    },
    {
      kind: "mailchimp_key",
      positives: [token("mailchimp $ list", "", `${rand(HEX, 32)}-us21`)],
      lookalikes: ["locale en-us and sha 9a0364b9e99bb480dd25e1f0284c8555-v2"],
    },
    {
      kind: "brevo_key",
      positives: [token("brevo $", "xkeysib-", `${rand(HEX, 64)}-${rand(ALNUM, 16)}`)],
      lookalikes: ["xkeysib- prefix"],
    },
    {
      kind: "stripe",
      positives: [
        token("stripe $", "sk_live_", rand(ALNUM, 24)),
        token("webhook secret $", "whsec_", rand(ALNUM, 32)),
      ],
      lookalikes: ["publishable pk_test_TYooMQauvdEDq54NiTphI7jx is public"],
    },
    {
      kind: "square",
      positives: [
        token("square $", "sq0atp-", rand(B64URL, 22)),
        token("square prod $", "EAAA", rand(B64URL, 60)),
      ],
      lookalikes: ["sq0atp- is a Square prefix"],
    },
    {
      kind: "shopify",
      positives: [token("X-Shopify-Access-Token: $", "shpat_", rand(HEX, 32))],
      lookalikes: ["shpat_ prefix; shop_at_home"],
    },
    {
      kind: "pulumi_token",
      positives: [token("pulumi login --token $", "pul-", rand(HEX, 40))],
      lookalikes: [`pul-${rand(LOWER_ALNUM, 6)} is a pull request label`],
    },
  ];
}
