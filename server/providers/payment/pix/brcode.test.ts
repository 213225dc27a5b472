import { describe, expect, it } from "vitest";
import { crc16, dynamicBrCode, readBrCode } from "./brcode";

describe("BR Code", () => {
  it("computes the CRC16 of the central bank's example code (Manual de Padrões para Iniciação do Pix)", () => {
    const example =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304";
    expect(crc16(example)).toBe("1D3D");
    expect(readBrCode(`${example}1D3D`)?.get("59")).toBe("Fulano de Tal");
  });

  it("makes a dynamic code pointing at the charge's location, and refuses one altered by a character", () => {
    const code = dynamicBrCode({
      location: "https://pix.example.com/qr/v2/9d36b84f",
      merchantName: "LUCKY HARBOR",
      merchantCity: "SAO PAULO",
    });
    const fields = readBrCode(code)!;
    expect([fields.get("01"), fields.get("26"), fields.get("53"), fields.get("62")]).toEqual([
      "12",
      "0014br.gov.bcb.pix2530pix.example.com/qr/v2/9d36b84f",
      "986",
      "0503***",
    ]);
    expect(readBrCode(code.replace("SAO PAULO", "SAO PAULA"))).toBeUndefined();
  });
});
