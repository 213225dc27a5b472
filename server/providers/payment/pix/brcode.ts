/**
 * The BR Code (EMV QR Code Merchant Presented Mode as the central bank profiles it for Pix): the text a QR code
 * carries and the player pastes ("Pix Copia e Cola"). Fields are ID (2 digits) + length (2 digits) + value;
 * the last field, 63, is a CRC16/CCITT-FALSE over everything before its value.
 */

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

/**
 * A dynamic BR Code: it points at the charge's location (where the payer's bank fetches the amount and txid),
 * so it carries neither; `***` stands for the txid, as the standard asks of a dynamic code.
 */
export function dynamicBrCode(o: { location: string; merchantName: string; merchantCity: string }): string {
  const body =
    field("00", "01") +
    field("01", "12") +
    field("26", field("00", "br.gov.bcb.pix") + field("25", o.location.replace(/^https?:\/\//, ""))) +
    field("52", "0000") +
    field("53", "986") +
    field("58", "BR") +
    field("59", o.merchantName.slice(0, 25)) +
    field("60", o.merchantCity.slice(0, 15)) +
    field("62", field("05", "***")) +
    "6304";
  return body + crc16(body);
}

/** The fields of a BR Code by ID, or undefined when its structure or checksum is wrong. */
export function readBrCode(code: string): Map<string, string> | undefined {
  if (!/^[\x20-\x7e]+$/.test(code) || code.length < 8) return undefined;
  const fields = new Map<string, string>();
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const len = Number(code.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(code.slice(at + 2, at + 4))) return undefined;
    const value = code.slice(at + 4, at + 4 + len);
    if (value.length !== len) return undefined;
    fields.set(id, value);
    at += 4 + len;
  }
  const crc = fields.get("63");
  if (!crc || !code.endsWith(`6304${crc}`) || crc16(code.slice(0, -4)) !== crc) return undefined;
  if (fields.get("00") !== "01" || !fields.get("26")?.includes("br.gov.bcb.pix")) return undefined;
  return fields;
}
