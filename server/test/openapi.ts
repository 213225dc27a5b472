import fc from "fast-check";
import type { FastifyInstance } from "fastify";

/**
 * The API's operations read from its OpenAPI document (`/api/docs/json`, generated from the zod contracts,
 * decision 0007), and fast-check arbitraries of requests derived from their schemas. The fuzz test and the
 * authorization matrix walk this list, so a route added anywhere is covered without touching them.
 */

/** The subset of JSON Schema the zod → OpenAPI transform writes (checked: the document uses nothing else). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

export interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The document's path, `{name}` for a parameter. */
  path: string;
  /**
   * `player`: a live session is required; `optional`: guests pass, a token is checked; `none`: not read;
   * `staff`: a back-office call (decision 0020), which only a staff session opens.
   */
  auth: "player" | "optional" | "none" | "staff";
  /** A staff call's permission (`signed-in`: any staff member's). */
  permission?: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema; required: boolean };
}

export const operationName = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;

interface Document {
  paths: Record<string, Record<string, DocOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface DocOperation {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}

/** Every operation of the served document, with `$ref`s resolved, in the document's order. */
export async function apiOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: "/api/docs/json" });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const doc = res.json() as Document;
  const resolve = (schema: JsonSchema, seen: string[] = []): JsonSchema => {
    if (schema.$ref) {
      const name = schema.$ref.replace("#/components/schemas/", "");
      const target = doc.components?.schemas?.[name];
      if (!target || seen.includes(name)) throw new Error(`cannot resolve ${schema.$ref}`);
      return resolve(target, [...seen, name]);
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties)
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, seen)]),
      );
    if (schema.items) out.items = resolve(schema.items, seen);
    if (schema.anyOf) out.anyOf = schema.anyOf.map((s) => resolve(s, seen));
    if (typeof schema.additionalProperties === "object")
      out.additionalProperties = resolve(schema.additionalProperties, seen);
    return out;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const security = op.security ?? [];
      const auth = !security.length
        ? "none"
        : security.some((s) => "staff" in s)
          ? "staff"
          : security.some((s) => Object.keys(s).length === 0)
            ? "optional"
            : "player";
      const [contentType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        auth,
        permission: security.find((s) => "staff" in s)?.staff?.[0],
        parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body:
          contentType && content
            ? { contentType, schema: resolve(content.schema), required: op.requestBody?.required === true }
            : undefined,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------------------
// Values

const types = (s: JsonSchema): string[] =>
  Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.enum ? [] : s.anyOf ? [] : ["any"];

/** Short strings of every kind: ASCII, any code point, and the odd characters that break naive code. */
const anyString = (minLength = 0, maxLength = 40) =>
  fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: "binary" }),
    fc
      .array(
        fc.constantFrom("'", '"', "\\", "%", "\u0000", "../", "<script>", "\u202e", "😀", " ", "{{x}}"),
        {
          minLength: Math.max(1, minLength),
          maxLength: Math.max(1, minLength, Math.min(maxLength, 8)),
        },
      )
      .map((parts) => parts.join(""))
      .filter((s) => [...s].length >= minLength && [...s].length <= maxLength),
  );

const lengthOk = (s: JsonSchema, v: string) =>
  [...v].length >= (s.minLength ?? 0) && [...v].length <= (s.maxLength ?? Number.POSITIVE_INFINITY);

/** Text that looks like a number: ids travel as decimal strings, and the database's bigint has an end. */
const numericString = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom(
    "-0",
    "1.5",
    "0x10",
    "1e3",
    "1e309",
    "00001",
    " 1",
    "１",
    "NaN",
    "Infinity",
    "9223372036854775808",
  ),
);

function validString(s: JsonSchema): fc.Arbitrary<string> {
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => lengthOk(s, v));
  const max = Math.min(s.maxLength ?? 40, Math.max(40, s.minLength ?? 0));
  return fc.oneof(
    { arbitrary: anyString(s.minLength ?? 0, max), weight: 2 },
    { arbitrary: numericString.filter((v) => lengthOk(s, v)), weight: 1 },
  );
}

function validNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = s.minimum ?? Number.MIN_SAFE_INTEGER;
  let max = s.maximum ?? Number.MAX_SAFE_INTEGER;
  if (s.exclusiveMinimum !== undefined) min = integer ? s.exclusiveMinimum + 1 : s.exclusiveMinimum;
  if (s.exclusiveMaximum !== undefined) max = integer ? s.exclusiveMaximum - 1 : s.exclusiveMaximum;
  if (integer) {
    // Small values find the seeded rows (ids, pages); the extremes find overflow.
    const near = fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) });
    const wide = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
    return min <= 1000 && max >= -1000 ? fc.oneof({ arbitrary: near, weight: 3 }, wide) : wide;
  }
  return fc.double({
    min,
    max,
    noNaN: true,
    noDefaultInfinity: true,
    minExcluded: s.exclusiveMinimum !== undefined,
    maxExcluded: s.exclusiveMaximum !== undefined,
  });
}

/** A value the schema accepts (its JSON Schema part: zod refinements the document cannot say are not known). */
export function validValue(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => validValue(x, depth)));
  const options = types(s).map((t): fc.Arbitrary<unknown> => {
    switch (t) {
      case "string":
        return s.format === "binary" ? fc.uint8Array({ maxLength: 64 }) : validString(s);
      case "integer":
        return validNumber(s, true);
      case "number":
        return validNumber(s, false);
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(validValue(s.items ?? {}, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 4, Math.max(4, s.minItems ?? 0)),
        });
      case "object":
        return validObject(s, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
  if (!options.length) return fc.jsonValue({ maxDepth: 2 });
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

function validObject(s: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validValue(v, depth + 1)])),
    { requiredKeys: (s.required ?? []).filter((k) => k in props) },
  );
  const extra = s.additionalProperties;
  if (!extra || depth > 2) return record as fc.Arbitrary<Record<string, unknown>>;
  const extras = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in props) && k !== "__proto__"),
    extra === true ? fc.jsonValue({ maxDepth: 1 }) : validValue(extra, depth + 1),
    { maxKeys: 3 },
  );
  return fc.tuple(record, extras).map(([r, e]) => ({ ...e, ...r }));
}

/** A value the schema refuses: the wrong type, out of its range, missing a required field, a bad element. */
export function invalidValue(s: JsonSchema): fc.Arbitrary<unknown> | undefined {
  if (s.anyOf || types(s).includes("any")) return undefined;
  const ts = types(s);
  const options: fc.Arbitrary<unknown>[] = [];
  const wrongType = [
    ["string", fc.string()],
    ["number", fc.double({ noNaN: true })],
    ["integer", fc.integer()],
    ["boolean", fc.boolean()],
    ["null", fc.constant(null)],
    ["object", fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 })],
    ["array", fc.array(fc.integer(), { maxLength: 3 })],
  ] as const;
  for (const [t, arb] of wrongType) {
    // A number is an integer's wrong type only when it has a fraction; an integer is a number.
    if (ts.includes(t) || (t === "integer" && ts.includes("number"))) continue;
    if (t === "number" && ts.includes("integer")) {
      options.push(fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)));
      continue;
    }
    options.push(arb);
  }
  if (s.enum)
    options.push(
      anyString()
        .filter((v) => !s.enum!.includes(v))
        .map((v) => (typeof s.enum![0] === "number" ? Number.NaN : v)),
    );
  if (ts.includes("string") && !s.enum) {
    if (s.maxLength !== undefined)
      options.push(fc.string({ minLength: 1, maxLength: 4 }).map((p) => p.repeat(s.maxLength! + 1)));
    if (s.minLength) options.push(fc.string({ maxLength: s.minLength - 1 }));
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      options.push(anyString(0, 20).filter((v) => !re.test(v)));
    }
  }
  if (ts.includes("integer") || ts.includes("number")) {
    if (s.minimum !== undefined)
      options.push(fc.integer({ min: -1_000_000, max: -1 }).map((d) => s.minimum! + d));
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER)
      options.push(fc.integer({ min: 1, max: 1_000_000 }).map((d) => s.maximum! + d));
  }
  if (ts.includes("object") && s.properties) {
    for (const key of s.required ?? [])
      options.push(validObject(s, 0).map(({ [key]: _dropped, ...rest }) => rest));
    for (const [key, prop] of Object.entries(s.properties)) {
      const bad = invalidValue(prop);
      if (bad) options.push(fc.tuple(validObject(s, 0), bad).map(([o, v]) => ({ ...o, [key]: v })));
    }
  }
  if (ts.includes("array") && s.items) {
    if (s.maxItems !== undefined && s.maxItems < 50)
      options.push(fc.array(validValue(s.items), { minLength: s.maxItems + 1, maxLength: s.maxItems + 2 }));
    if (s.minItems) options.push(fc.constant([]));
    const bad = invalidValue(s.items);
    if (bad)
      options.push(fc.tuple(fc.array(validValue(s.items), { maxLength: 2 }), bad).map(([a, v]) => [...a, v]));
  }
  return options.length ? fc.oneof(...options) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: Operation["method"];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was generated, for the failure message. */
  note: string;
}

/** A parameter's value as it travels in a path or query string. */
function asText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v instanceof Uint8Array) return Buffer.from(v).toString("latin1");
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

/** A lone surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses with a URIError) is sent as the three bytes
 * a careless client would write for it (its WTF-8 form, `%ED%A0%80` for \ud800): the server must refuse those.
 */
function encodeText(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const u = part.charCodeAt(0);
      return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 63), 0x80 | (u & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    })
    .join("");
}

function buildUrl(op: Operation, path: Record<string, unknown>, query: Record<string, unknown>): string {
  let url = op.path;
  for (const [name, value] of Object.entries(path))
    url = url.replace(
      `{${name}}`,
      name === "*" ? encodeText(asText(value)).replace(/%2F/g, "/") : encodeText(asText(value)),
    );
  const qs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      qs.push(`${encodeText(name)}=${encodeText(asText(v))}`);
  }
  return qs.length ? `${url}?${qs.join("&")}` : url;
}

/** A multipart/form-data body of the object's fields; a binary field is a file part. */
export function multipartBody(fields: Record<string, unknown>, schema: JsonSchema) {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const binary = schema.properties?.[name]?.format === "binary";
    const head = binary
      ? `Content-Disposition: form-data; name="${name}"; filename="upload.bin"\r\nContent-Type: application/octet-stream`
      : `Content-Disposition: form-data; name="${name}"`;
    parts.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    parts.push(value instanceof Uint8Array ? Buffer.from(value) : Buffer.from(asText(value)));
    parts.push(Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function encodeBody(op: Operation, body: unknown): Pick<FuzzRequest, "payload" | "headers"> {
  if (body === undefined) return { headers: {} };
  if (
    op.body?.contentType.startsWith("multipart/") &&
    body &&
    typeof body === "object" &&
    !Array.isArray(body)
  ) {
    const { payload, contentType } = multipartBody(body as Record<string, unknown>, op.body.schema);
    return { payload, headers: { "content-type": contentType } };
  }
  return { payload: JSON.stringify(body), headers: { "content-type": "application/json" } };
}

const paramsIn = (op: Operation, where: Parameter["in"]) => op.parameters.filter((p) => p.in === where);

function validParams(params: Parameter[], all: boolean): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(params.map((p) => [p.name, validValue(p.schema)])), {
    requiredKeys: params.filter((p) => all || p.required).map((p) => p.name),
  });
}

/** A request the document allows: every path and required parameter, some optional ones, a valid body. */
export function validRequest(op: Operation): fc.Arbitrary<FuzzRequest> {
  const body = op.body ? validValue(op.body.schema) : fc.constant(undefined);
  return fc
    .tuple(validParams(paramsIn(op, "path"), true), validParams(paramsIn(op, "query"), false), body)
    .map(([path, query, b]) => ({
      method: op.method,
      url: buildUrl(op, path, query),
      ...encodeBody(op, b),
      note: `valid: path ${JSON.stringify(path)} query ${JSON.stringify(query)} body ${describe(b)}`,
    }));
}

const describe = (v: unknown) =>
  v instanceof Uint8Array
    ? `<${v.length} bytes>`
    : JSON.stringify(v, (_k, x) => (x instanceof Uint8Array ? `<${x.length} bytes>` : x));

/**
 * A request the document refuses, or that is broken on the wire: one bad parameter, a bad or missing body,
 * a body that is not JSON, the wrong content type. Each answers an error in the one shape and changes nothing.
 */
export function invalidRequest(op: Operation): fc.Arbitrary<FuzzRequest> {
  const base = fc.tuple(validParams(paramsIn(op, "path"), true), validParams(paramsIn(op, "query"), false));
  const bodyOk = op.body ? validValue(op.body.schema) : fc.constant(undefined);
  const variants: fc.Arbitrary<FuzzRequest>[] = [];
  const make = (
    path: Record<string, unknown>,
    query: Record<string, unknown>,
    enc: Pick<FuzzRequest, "payload" | "headers">,
    note: string,
  ): FuzzRequest => ({
    method: op.method,
    url: buildUrl(op, path, query),
    ...enc,
    note: `invalid (${note}): path ${JSON.stringify(path)} query ${JSON.stringify(query)} payload ${
      typeof enc.payload === "string"
        ? enc.payload.slice(0, 300)
        : enc.payload
          ? `<${enc.payload.length} bytes>`
          : "none"
    }`,
  });
  for (const p of paramsIn(op, "path")) {
    // Anything at all in a path segment: the router takes it, the schema decides.
    const bad = fc.oneof(
      invalidValue(p.schema) ?? anyString(1),
      anyString(1, 300),
      fc.constantFrom("0", "-1", "1e309", "9".repeat(40), "null", "%00"),
    );
    variants.push(
      fc
        .tuple(base, bad, bodyOk)
        .map(([[path, query], v, b]) =>
          make({ ...path, [p.name]: v }, query, encodeBody(op, b), `path ${p.name}`),
        ),
    );
  }
  for (const p of paramsIn(op, "query")) {
    const bad = invalidValue(p.schema);
    if (bad)
      variants.push(
        fc
          .tuple(base, bad, bodyOk)
          .map(([[path, query], v, b]) =>
            make(path, { ...query, [p.name]: v }, encodeBody(op, b), `query ${p.name}`),
          ),
      );
    if (p.required)
      variants.push(
        fc
          .tuple(base, bodyOk)
          .map(([[path, { [p.name]: _gone, ...query }], b]) =>
            make(path, query, encodeBody(op, b), `no ${p.name}`),
          ),
      );
  }
  if (op.body) {
    const bad = invalidValue(op.body.schema);
    if (bad)
      variants.push(
        fc.tuple(base, bad).map(([[path, query], b]) => make(path, query, encodeBody(op, b), "body")),
      );
    variants.push(
      fc
        .tuple(base, fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(null, [], "", 0)))
        .map(([[path, query], b]) =>
          make(
            path,
            query,
            { payload: JSON.stringify(b), headers: { "content-type": "application/json" } },
            "any JSON",
          ),
        ),
      fc
        .tuple(
          base,
          fc.constantFrom(
            "{",
            '{"a":',
            "nul",
            "[1,,]",
            '{"__proto__":{"x":1}}',
            '{"constructor":{"prototype":{}}}',
            "\u0000",
          ),
        )
        .map(([[path, query], raw]) =>
          make(path, query, { payload: raw, headers: { "content-type": "application/json" } }, "broken JSON"),
        ),
      fc
        .tuple(
          base,
          bodyOk,
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/xml",
            "multipart/form-data; boundary=x",
          ),
        )
        .map(([[path, query], b, type]) =>
          make(
            path,
            query,
            { payload: JSON.stringify(b ?? {}), headers: { "content-type": type } },
            `content-type ${type}`,
          ),
        ),
    );
  }
  if (!variants.length)
    // Nothing to break in the input: junk query parameters and a stray body must still be harmless.
    variants.push(
      fc
        .tuple(
          base,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), anyString(0, 20), { maxKeys: 3 }),
        )
        .map(([[path, query], junk]) =>
          make(
            path,
            { ...junk, ...query },
            { payload: '{"x":', headers: { "content-type": "application/json" } },
            "junk",
          ),
        ),
    );
  return fc.oneof(...variants);
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values (issue #35, decision 0038)

/** Names that reach an object's prototype when code copies a key or indexes by a value. */
export const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype"] as const;

/**
 * Text no field should take or choke on: over any field's bound (2 KB to 100 KB), NUL, a lone surrogate (high or
 * low, alone or in text), and the prototype's names.
 */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom(2_000, 20_000, 100_000), fc.constantFrom("a", "9", "é", "😀", "%"))
    .map(([n, c]) => c.repeat(n)),
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "x\ud800y", "\udc00", "\udfff\ud800", "0\u0000"),
  fc.constantFrom(...PROTOTYPE_NAMES),
);

/** Every string of a (resolved) schema replaced by a hostile one, and hostile keys beside the real ones. */
function hostileValue(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const ts = types(s);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((a) => hostileValue(a, depth)));
  if (ts.includes("object") && s.properties && depth < 4) {
    const props = Object.entries(s.properties);
    return fc
      .tuple(
        validObject(s, 0),
        props.length ? fc.constantFrom(...props) : fc.constant(undefined),
        fc.option(fc.constantFrom(...PROTOTYPE_NAMES)),
      )
      .chain(([base, prop, protoKey]) =>
        fc
          .tuple(prop ? hostileValue(prop[1], depth + 1) : fc.constant(undefined), hostileString)
          .map(([v, extra]) => {
            const out: Record<string, unknown> = { ...base };
            if (prop) out[prop[0]] = v;
            // An own property of that name (defineProperty: assignment to __proto__ would set the prototype).
            if (protoKey) Object.defineProperty(out, protoKey, { value: extra, enumerable: true });
            return out;
          }),
      );
  }
  if (ts.includes("array") && s.items && depth < 4)
    return fc.array(hostileValue(s.items, depth + 1), { minLength: 1, maxLength: 2 });
  return hostileString;
}

/**
 * A request with hostile text in one place: a path parameter, a query parameter (value or name), or the body
 * (a field's value at any depth, a prototype-named key, or JSON spelling `__proto__` and `constructor.prototype`
 * out). Every one answers a 4xx in the one shape, or a 2xx when the value is harmless to its field, never a 5xx.
 */
export function hostileRequest(op: Operation): fc.Arbitrary<FuzzRequest> {
  const base = fc.tuple(validParams(paramsIn(op, "path"), true), validParams(paramsIn(op, "query"), false));
  const bodyOk = op.body ? validValue(op.body.schema) : fc.constant(undefined);
  const make = (
    path: Record<string, unknown>,
    query: Record<string, unknown>,
    enc: Pick<FuzzRequest, "payload" | "headers">,
    note: string,
  ): FuzzRequest => ({
    method: op.method,
    url: buildUrl(op, path, query),
    ...enc,
    note: `hostile (${note}): ${buildUrl(op, path, query).slice(0, 200)} payload ${
      typeof enc.payload === "string" ? enc.payload.slice(0, 200) : enc.payload ? "<bytes>" : "none"
    }`,
  });
  const variants: fc.Arbitrary<FuzzRequest>[] = [];
  for (const p of paramsIn(op, "path"))
    variants.push(
      fc
        .tuple(base, hostileString, bodyOk)
        .map(([[path, query], v, b]) =>
          make({ ...path, [p.name]: v }, query, encodeBody(op, b), `path ${p.name}`),
        ),
    );
  for (const p of paramsIn(op, "query"))
    variants.push(
      fc
        .tuple(base, hostileString, bodyOk)
        .map(([[path, query], v, b]) =>
          make(path, { ...query, [p.name]: v }, encodeBody(op, b), `query ${p.name}`),
        ),
    );
  variants.push(
    fc
      .tuple(base, fc.constantFrom(...PROTOTYPE_NAMES), hostileString, bodyOk)
      .map(([[path, query], name, v, b]) =>
        make(path, { ...query, [name]: v }, encodeBody(op, b), `query named ${name}`),
      ),
  );
  if (op.body) {
    const schema = op.body.schema;
    variants.push(
      fc
        .tuple(base, hostileValue(schema))
        .map(([[path, query], b]) => make(path, query, encodeBody(op, b), "body")),
    );
    if (!op.body.contentType.startsWith("multipart/"))
      variants.push(
        fc
          .tuple(
            base,
            fc.constantFrom(
              '{"__proto__":{"isAdmin":true}}',
              '{"constructor":{"prototype":{"isAdmin":true}}}',
              '{"a":{"__proto__":{"x":1}}}',
              '{"prototype":"\\u0000"}',
              '"\\ud800"',
              '{"x":"\\udc00"}',
            ),
          )
          .map(([[path, query], raw]) =>
            make(path, query, { payload: raw, headers: { "content-type": "application/json" } }, "raw JSON"),
          ),
      );
  }
  return fc.oneof(...variants);
}
