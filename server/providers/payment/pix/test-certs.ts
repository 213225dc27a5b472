import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TestPki {
  ca: string;
  server: { cert: string; key: string };
  /** A client certificate signed by the PSP's CA: the casino's. */
  client: { cert: string; key: string };
  /** A client certificate signed by another CA: somebody the PSP does not know. */
  stranger: { cert: string; key: string };
}

/**
 * A CA, a server certificate for 127.0.0.1/localhost and client certificates, made with openssl for a test's
 * local PSP (EC P-256 keys: quick to make). The files live in a temporary folder removed before returning.
 */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), "pix-pki-"));
  const f = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  const newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  try {
    const ca = (name: string) =>
      ssl(
        "req",
        "-x509",
        ...newKey,
        "-keyout",
        f(`${name}.key`),
        "-out",
        f(`${name}.crt`),
        "-days",
        "2",
        "-subj",
        `/CN=${name}`,
      );
    const leaf = (name: string, caName: string, ext: string) => {
      ssl("req", ...newKey, "-keyout", f(`${name}.key`), "-out", f(`${name}.csr`), "-subj", `/CN=${name}`);
      writeFileSync(f(`${name}.ext`), ext);
      ssl(
        "x509",
        "-req",
        "-in",
        f(`${name}.csr`),
        "-CA",
        f(`${caName}.crt`),
        "-CAkey",
        f(`${caName}.key`),
        "-CAcreateserial",
        "-out",
        f(`${name}.crt`),
        "-days",
        "2",
        "-extfile",
        f(`${name}.ext`),
      );
      return { cert: readFileSync(f(`${name}.crt`), "utf8"), key: readFileSync(f(`${name}.key`), "utf8") };
    };
    ca("psp-ca");
    ca("other-ca");
    return {
      ca: readFileSync(f("psp-ca.crt"), "utf8"),
      server: leaf(
        "localhost",
        "psp-ca",
        "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n",
      ),
      client: leaf("casino", "psp-ca", "extendedKeyUsage=clientAuth\n"),
      stranger: leaf("stranger", "other-ca", "extendedKeyUsage=clientAuth\n"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
