import { createHash, createHmac } from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import { describe, expect, it } from "vitest";
import { TelegramAuthError, validateInitData, validateLoginWidget } from "./telegram";

// Telegram's published test vector (PROTOCOLS.md section 1): a real client's initData, with `signature`.
const TOKEN = "7342037359:AAHI25ES9xCOMPokpYoz-p8XVrZUdygo2J4";
const VECTOR =
  "user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733509682&signature=TYJxVcisqbWjtodPepiJ6ghziUL94-KNpG8Pau-X7oNNLNBM72APCpi_RKiUlBvcqo5L-LAxIc3dnTzcZX_PDg&hash=a433d8f9847bd6addcc563bff7cc82c89e97ea0d90c11fe5729cae6796a36d73";
const AT = new Date(1733509682 * 1000 + 20_000);

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof TelegramAuthError ? err.reason : `other: ${(err as Error).message}`;
  }
  return "accepted";
};

describe("Telegram initData", () => {
  it("accepts the published test vector, signature field and all", () => {
    const { user, authDate } = validateInitData(VECTOR, TOKEN, AT);
    expect(user).toMatchObject({
      id: "279058397",
      firstName: "Vladislav + - ? /",
      username: "vdkfrost",
      languageCode: "ru",
    });
    expect(authDate).toBe(1733509682);
  });

  it("refuses it tampered, stale, signature-stripped, for another bot, or with a field twice", () => {
    expect(
      refusal(() => validateInitData(VECTOR.replace("chat_type=private", "chat_type=group"), TOKEN, AT)),
    ).toBe("bad_hash");
    expect(refusal(() => validateInitData(VECTOR, TOKEN, new Date(AT.getTime() + 2 * 86_400_000)))).toBe(
      "stale",
    );
    expect(refusal(() => validateInitData(VECTOR.replace(/&signature=[^&]+/, ""), TOKEN, AT))).toBe(
      "bad_hash",
    );
    expect(refusal(() => validateInitData(VECTOR, "1:another-bot-token", AT))).toBe("bad_hash");
    expect(refusal(() => validateInitData(VECTOR.replace(/&hash=.*/, ""), TOKEN, AT))).toBe("missing_hash");
    expect(refusal(() => validateInitData(`${VECTOR}&auth_date=1733509682`, TOKEN, AT))).toBe(
      "duplicate_field",
    );
  });

  it("accepts what init-data-node signs for our bot, and refuses it after a day", () => {
    const botToken = "123456:TEST-token-for-our-bot";
    const now = new Date("2026-11-23T10:00:00Z");
    const raw = sign(
      {
        user: { id: 42, first_name: "Ana", username: "ana_tg", language_code: "pt" },
        auth_date: now,
        start_param: "ref-7",
      } as never,
      botToken,
      now,
    );
    const { user, startParam } = validateInitData(raw, botToken, now);
    expect(user).toMatchObject({ id: "42", firstName: "Ana", username: "ana_tg" });
    expect(startParam).toBe("ref-7");
    expect(refusal(() => validateInitData(raw, botToken, new Date(now.getTime() + 86_401_000)))).toBe(
      "stale",
    );
  });
});

describe("Telegram Login Widget", () => {
  const botToken = "123456:TEST-token-for-our-bot";
  const now = new Date("2026-11-23T10:00:00Z");
  const widget = (fields: Record<string, string | number>) => {
    const dcs = Object.entries(fields)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join("\n");
    const hash = createHmac("sha256", createHash("sha256").update(botToken).digest())
      .update(dcs)
      .digest("hex");
    return { ...fields, hash };
  };

  it("checks the hash with SHA-256 of the token as the key", () => {
    const payload = widget({
      id: 42,
      first_name: "Ana",
      username: "ana_tg",
      auth_date: Math.floor(now.getTime() / 1000),
    });
    expect(validateLoginWidget(payload, botToken, now)).toMatchObject({ id: "42", username: "ana_tg" });
    expect(refusal(() => validateLoginWidget({ ...payload, username: "mallory" }, botToken, now))).toBe(
      "bad_hash",
    );
    expect(
      refusal(() => validateLoginWidget(payload, botToken, new Date(now.getTime() + 2 * 86_400_000))),
    ).toBe("stale");
  });
});
