import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { checkKey, type FileStorage } from "./port";

/** Files under a folder of this machine (DATA_DIR/files by default), readable by this process only. */
export function localStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    kind: "local",
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${path}.${process.pid}.part`;
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
