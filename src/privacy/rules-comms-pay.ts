/** Token rules for messaging, mail and payment providers. */
import { hasDigit, prefixed, type SecretRule } from "./rule-kit.js";

const ID = "A-Za-z0-9_-";

/** Built on first use (compiling every rule costs a hook milliseconds it rarely needs). */
export function commsPayRules(): SecretRule[] {
  return [
    // xoxb-/xoxp-/xoxa-/xoxo-/xoxs-/xoxr-/xoxe- bot, user and refresh tokens, xoxe.xoxp- rotating, xapp- app-level.
    prefixed("slack_token", "xox[abposre](?:\\.xox[bp])?-|xapp-", "[A-Za-z0-9-]{10,}", {
      before: ID,
      after: "",
    }),
    {
      name: "slack_webhook",
      hint: "hooks.slack.com",
      pattern: /(?<pre>hooks\.slack\.com\/services\/)(?<secret>[A-Za-z0-9/_-]{20,})/g,
    },
    // Discord bot tokens: base64 of the bot id (M/N/O…), `.`, 6, `.`, 27–40.
    {
      name: "discord_token",
      pattern:
        /(?<![A-Za-z0-9_.-])(?<secret>[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40})(?![A-Za-z0-9_.-])/g,
      accept: hasDigit,
    },
    {
      name: "discord_webhook",
      hint: "/api/webhooks/",
      pattern: /(?<pre>discord(?:app)?\.com\/api\/webhooks\/\d{5,30}\/)(?<secret>[A-Za-z0-9_-]{60,})/g,
    },
    // Telegram bot tokens: the bot id (8–10 digits), `:AA`, 33 characters; also inside `/bot<token>/`.
    {
      name: "telegram_bot_token",
      hint: ":AA",
      pattern: /(?<![0-9])(?<secret>\d{8,10}:AA[A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])/g,
    },
    {
      name: "teams_webhook",
      hint: "webhook.office.com",
      pattern: /(?<pre>\.webhook\.office\.com\/webhookb2\/)(?<secret>[A-Za-z0-9@/_-]{40,})/g,
    },
    prefixed("twilio_key", "SK", "[0-9a-f]{32}", { before: "A-Za-z0-9", after: "A-Za-z0-9" }),
    prefixed("sendgrid_key", "SG\\.", `[${ID}]{22}\\.[${ID}]{43}`, { before: "A-Za-z0-9_.-", after: ID }),
    prefixed("mailgun_key", "key-|pubkey-", "[0-9a-f]{32}", { before: ID, after: "A-Za-z0-9" }),
    {
      name: "mailchimp_key",
      hint: "-us",
      pattern: /(?<![A-Za-z0-9])(?<secret>[0-9a-f]{32}-us[0-9]{1,2})(?![A-Za-z0-9])/g,
    },
    prefixed("brevo_key", "xkeysib-|xsmtpsib-", "[a-f0-9]{64}-[A-Za-z0-9]{16}", { before: ID, after: ID }),
    prefixed("stripe_key", "(?:sk|rk)_(?:live|test)_", "[A-Za-z0-9]{16,}", { after: "" }),
    prefixed("stripe_key", "whsec_", "[A-Za-z0-9]{24,}"),
    prefixed("square_token", "sq0(?:atp|csp|idp)-", `[${ID}]{22,}`, { before: ID, after: ID }),
    prefixed("square_token", "EAAA", `[${ID}]{60}`, {
      before: "A-Za-z0-9_+/=-",
      after: "A-Za-z0-9_+/=-",
      accept: hasDigit,
    }),
    prefixed("shopify_token", "shp(?:at|ca|pa|ss)_", "[a-fA-F0-9]{32}"),
    prefixed("flutterwave_key", "FLWSECK(?:_TEST)?-", "[a-h0-9]{32}-X", { before: ID, after: ID }),
    prefixed("easypost_key", "EZ[AT]K", "[A-Za-z0-9]{54}", { accept: hasDigit }),
    prefixed("shippo_token", "shippo_(?:live|test)_", "[a-f0-9]{40}"),
  ];
}
