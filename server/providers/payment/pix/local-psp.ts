import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { toUnits } from "#common/money";
import type { Clock } from "../../../lib/clock";
import { dynamicBrCode } from "./brcode";

/**
 * A PSP's API Pix on this machine, for tests: the endpoints of the central bank's standard (openapi.yaml of
 * bacen/pix-api) that the Pix processor uses, behind mutual TLS and OAuth2 client credentials as the standard
 * asks, with the standard's identifiers (txid, e2eid, devolução id), amounts ("\d{1,10}.\d{2}") and problem
 * answers. `pay` stands in for a payer's bank paying a charge; it then calls the registered webhook + "/pix".
 */

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const E2EID = /^[a-zA-Z0-9]{32}$/;
const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
/** The PSP's participant code (ISPB), which starts every e2eid it makes. */
const ISPB = "99999008";

interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza: string;
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
  motivo?: string;
}
interface Pix {
  endToEndId: string;
  txid: string;
  valor: string;
  chave: string;
  horario: string;
  infoPagador?: string;
  devolucoes: Devolucao[];
}
interface Cob {
  txid: string;
  revisao: number;
  calendario: { criacao: string; expiracao: number };
  loc: { id: number; location: string; tipoCob: "cob"; criacao: string };
  location: string;
  status: "ATIVA" | "CONCLUIDA";
  devedor?: { cpf?: string; nome?: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
}

export interface LocalPspOptions {
  clock: Clock;
  tls: { cert: string; key: string; ca: string };
  clientId: string;
  clientSecret: string;
  /** The receiving user's Pix key: charges must be made to it. */
  chave: string;
  /** Seconds a token lives. */
  tokenSeconds?: number;
  /** Posts a webhook; by default with fetch. */
  deliver?: (url: string, body: string) => Promise<void>;
}

class Problem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail?: string,
  ) {
    super(title);
  }
}

const alnum = (n: number) => {
  const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(n), (b) => abc[b % abc.length]).join("");
};

export class LocalPsp {
  readonly cobs = new Map<string, Cob>();
  readonly pix = new Map<string, Pix>();
  private readonly tokens = new Map<string, number>();
  private webhookUrl?: string;
  private server?: Server;
  private nextLoc = 1;
  /** Webhook deliveries made, and whether to lose them (the casino was down). */
  readonly delivered: { url: string; body: string }[] = [];
  loseWebhooks = false;
  /** Set: every new devolução is refused with this detail (the PSP's own rules, e.g. its payer's account closed). */
  refuseDevolucoes?: string;
  tokensIssued = 0;
  /** Set: the next request that arrives on a connection already used is cut without an answer (an idle close). */
  dropNextKeptRequest = false;
  keptRequestsDropped = 0;
  private readonly usedSockets = new WeakSet<object>();
  url = "";

  constructor(private readonly o: LocalPspOptions) {}

  /** The URL the casino registered with PUT /webhook/{chave}, once it has. */
  get registeredWebhook(): string | undefined {
    return this.webhookUrl;
  }

  async start(): Promise<string> {
    this.server = createServer(
      {
        cert: this.o.tls.cert,
        key: this.o.tls.key,
        ca: this.o.tls.ca,
        requestCert: true,
        rejectUnauthorized: true,
      },
      (req, res) => void this.handle(req, res),
    );
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private now = () => this.o.clock.now();

  private async handle(req: IncomingMessage, res: ServerResponse) {
    // A PSP's idle timeout closing a kept connection just as the casino reuses it: the request dies unanswered.
    if (this.dropNextKeptRequest && this.usedSockets.has(req.socket)) {
      this.dropNextKeptRequest = false;
      this.keptRequestsDropped++;
      req.socket.destroy();
      return;
    }
    this.usedSockets.add(req.socket);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "https://psp.local");
    try {
      const [status, body] = await this.route(req, url, raw);
      res
        .writeHead(status, { "content-type": "application/json" })
        .end(body === undefined ? "" : JSON.stringify(body));
    } catch (err) {
      const p =
        err instanceof Problem ? err : new Problem(500, "ServicoIndisponivel", "Internal error", String(err));
      res.writeHead(p.status, { "content-type": "application/problem+json" }).end(
        JSON.stringify({
          type: `https://pix.bcb.gov.br/api/v2/error/${p.type}`,
          title: p.title,
          status: p.status,
          detail: p.detail,
        }),
      );
    }
  }

  private async route(req: IncomingMessage, url: URL, raw: string): Promise<[number, unknown]> {
    const m = req.method ?? "GET";
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (m === "POST" && url.pathname === "/oauth/token") return [200, this.issueToken(req, raw)];
    this.checkBearer(req);
    const body = raw ? parseJson(raw) : undefined;
    if (parts[0] === "cob" && parts.length === 2) {
      if (m === "PUT") return [201, this.createCob(parts[1]!, body)];
      if (m === "GET") return [200, this.cobView(this.cobOf(parts[1]!))];
    }
    if (parts[0] === "pix" && parts.length === 1 && m === "GET") return [200, this.listPix(url.searchParams)];
    if (parts[0] === "pix" && parts.length === 2 && m === "GET") return [200, this.pixOf(parts[1]!)];
    if (parts[0] === "pix" && parts[2] === "devolucao" && parts.length === 4) {
      if (m === "PUT") return [201, this.requestDevolucao(parts[1]!, parts[3]!, body)];
      if (m === "GET") return [200, this.devolucaoOf(parts[1]!, parts[3]!)];
    }
    if (parts[0] === "webhook" && parts.length === 2 && m === "PUT") {
      if (parts[1] !== this.o.chave) throw new Problem(404, "NaoEncontrado", "Chave não encontrada");
      const webhookUrl = (body as { webhookUrl?: unknown })?.webhookUrl;
      if (typeof webhookUrl !== "string" || !/^https?:\/\//.test(webhookUrl))
        throw new Problem(400, "webhook.RequisicaoInvalida", "webhookUrl inválida");
      this.webhookUrl = webhookUrl;
      return [200, undefined];
    }
    throw new Problem(404, "NaoEncontrado", "Recurso não encontrado");
  }

  /** Client credentials in Basic auth, over the mutual-TLS connection (the server already refused any other). */
  private issueToken(req: IncomingMessage, raw: string) {
    const expected = Buffer.from(
      `Basic ${Buffer.from(`${this.o.clientId}:${this.o.clientSecret}`).toString("base64")}`,
    );
    const given = Buffer.from(req.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new Problem(401, "AcessoNegado", "invalid_client");
    if (new URLSearchParams(raw).get("grant_type") !== "client_credentials")
      throw new Problem(400, "RequisicaoInvalida", "unsupported_grant_type");
    const token = randomBytes(24).toString("base64url");
    const seconds = this.o.tokenSeconds ?? 3600;
    this.tokens.set(token, this.now().getTime() + seconds * 1000);
    this.tokensIssued++;
    return {
      access_token: token,
      token_type: "Bearer",
      expires_in: seconds,
      scope: "cob.write cob.read pix.write pix.read webhook.write webhook.read",
    };
  }

  private checkBearer(req: IncomingMessage) {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const until = token ? this.tokens.get(token) : undefined;
    if (until === undefined || until <= this.now().getTime())
      throw new Problem(401, "AcessoNegado", "Token inválido ou expirado");
  }

  private createCob(txid: string, body: unknown): Cob {
    if (!TXID.test(txid))
      throw new Problem(
        400,
        "cob.RequisicaoInvalida",
        "txid inválido",
        "txid deve seguir [a-zA-Z0-9]{26,35}",
      );
    if (this.cobs.has(txid))
      throw new Problem(400, "cob.OperacaoInvalida", "O campo cob.txid encontra-se em uso");
    const b = body as {
      calendario?: { expiracao?: number };
      valor?: { original?: string };
      chave?: string;
      devedor?: Cob["devedor"];
      solicitacaoPagador?: string;
    };
    if (!b?.valor?.original || !VALOR.test(b.valor.original) || toUnits(b.valor.original)! <= 0n)
      throw new Problem(400, "cob.RequisicaoInvalida", "Valor da cobrança inválido");
    if (b.chave !== this.o.chave)
      throw new Problem(400, "cob.RequisicaoInvalida", "A chave não pertence ao usuário recebedor");
    if (b.devedor?.cpf !== undefined && !/^\d{11}$/.test(b.devedor.cpf))
      throw new Problem(400, "cob.RequisicaoInvalida", "CPF inválido");
    const criacao = this.now().toISOString();
    const location = `${this.url.replace(/^https:\/\//, "")}/qr/v2/${randomUUID().replaceAll("-", "")}`;
    const cob: Cob = {
      txid,
      revisao: 0,
      calendario: { criacao, expiracao: b.calendario?.expiracao ?? 86400 },
      loc: { id: this.nextLoc++, location, tipoCob: "cob", criacao },
      location,
      status: "ATIVA",
      ...(b.devedor ? { devedor: b.devedor } : {}),
      valor: { original: b.valor.original },
      chave: this.o.chave,
      ...(b.solicitacaoPagador ? { solicitacaoPagador: b.solicitacaoPagador } : {}),
      pixCopiaECola: dynamicBrCode({ location, merchantName: "LUCKY HARBOR", merchantCity: "SAO PAULO" }),
    };
    this.cobs.set(txid, cob);
    return cob;
  }

  private cobOf(txid: string): Cob {
    const cob = this.cobs.get(txid);
    if (!cob)
      throw new Problem(404, "Cobranca NaoEncontrada", "Cobrança não encontrada para o txid informado");
    return cob;
  }

  private cobView(cob: Cob) {
    return { ...cob, pix: [...this.pix.values()].filter((p) => p.txid === cob.txid) };
  }

  private pixOf(e2eid: string): Pix {
    const pix = E2EID.test(e2eid) ? this.pix.get(e2eid) : undefined;
    if (!pix) throw new Problem(404, "NaoEncontrado", "Pix não encontrado para o e2eid informado");
    return pix;
  }

  private listPix(q: URLSearchParams) {
    const inicio = Date.parse(q.get("inicio") ?? "");
    const fim = Date.parse(q.get("fim") ?? "");
    if (Number.isNaN(inicio) || Number.isNaN(fim))
      throw new Problem(400, "RequisicaoInvalida", "inicio e fim são obrigatórios");
    const page = Number(q.get("paginacao.paginaAtual") ?? 0);
    const size = Number(q.get("paginacao.itensPorPagina") ?? 100);
    if (!Number.isInteger(page) || page < 0 || !Number.isInteger(size) || size < 1 || size > 1000)
      throw new Problem(400, "RequisicaoInvalida", "paginação inválida");
    const txIdPresente = q.get("txIdPresente");
    const found = [...this.pix.values()].filter((p) => {
      const at = Date.parse(p.horario);
      return (
        at >= inicio &&
        at <= fim &&
        (txIdPresente !== "false" || !p.txid) &&
        (!q.get("txid") || p.txid === q.get("txid"))
      );
    });
    const pages = Math.max(1, Math.ceil(found.length / size));
    return {
      parametros: {
        inicio: new Date(inicio).toISOString(),
        fim: new Date(fim).toISOString(),
        paginacao: {
          paginaAtual: page,
          itensPorPagina: size,
          quantidadeDePaginas: pages,
          quantidadeTotalDeItens: found.length,
        },
      },
      pix: found.slice(page * size, (page + 1) * size),
    };
  }

  /** The sum of a Pix's devoluções may not exceed its value (DevolucaoSolicitada.valor). */
  private requestDevolucao(e2eid: string, id: string, body: unknown): Devolucao {
    if (!DEVOLUCAO_ID.test(id)) throw new Problem(400, "RequisicaoInvalida", "id da devolução inválido");
    const pix = this.pixOf(e2eid);
    const same = pix.devolucoes.find((d) => d.id === id);
    if (same) return same;
    if (this.refuseDevolucoes)
      throw new Problem(400, "RequisicaoInvalida", "Devolução não permitida", this.refuseDevolucoes);
    if (this.now().getTime() - Date.parse(pix.horario) > 90 * 24 * 3600_000)
      throw new Problem(
        400,
        "RequisicaoInvalida",
        "Prazo para devolução expirado",
        "O prazo de 90 dias para a devolução expirou",
      );
    const b = body as { valor?: string; natureza?: string; descricao?: string };
    if (!b?.valor || !VALOR.test(b.valor) || toUnits(b.valor)! <= 0n)
      throw new Problem(400, "RequisicaoInvalida", "valor inválido");
    const taken = pix.devolucoes
      .filter((d) => d.status !== "NAO_REALIZADO")
      .reduce((s, d) => s + toUnits(d.valor)!, 0n);
    if (taken + toUnits(b.valor)! > toUnits(pix.valor)!)
      throw new Problem(400, "RequisicaoInvalida", "A soma das devoluções ultrapassa o valor do Pix");
    const d: Devolucao = {
      id,
      rtrId: `D${ISPB}${stamp(this.now())}${alnum(11)}`,
      valor: b.valor,
      natureza: b.natureza ?? "ORIGINAL",
      ...(b.descricao ? { descricao: b.descricao } : {}),
      horario: { solicitacao: this.now().toISOString() },
      status: "EM_PROCESSAMENTO",
    };
    pix.devolucoes.push(d);
    return d;
  }

  private devolucaoOf(e2eid: string, id: string): Devolucao {
    const d = this.pixOf(e2eid).devolucoes.find((x) => x.id === id);
    if (!d) throw new Problem(404, "NaoEncontrado", "Devolução não encontrada");
    return d;
  }

  /**
   * The payer's bank pays a charge: a Pix with an e2eid per the standard (E + ISPB + yyyyMMddHHmm + 11
   * characters), the charge is CONCLUIDA, and the registered webhook + "/pix" is called (unless lost).
   */
  async pay(txid: string, o: { valor?: string } = {}): Promise<Pix> {
    const cob = this.cobOf(txid);
    if (cob.status !== "ATIVA") throw new Error(`cob ${txid} is ${cob.status}`);
    const pix: Pix = {
      endToEndId: `E${ISPB}${stamp(this.now())}${alnum(11)}`,
      txid,
      valor: o.valor ?? cob.valor.original,
      chave: cob.chave,
      horario: this.now().toISOString(),
      infoPagador: "Deposito",
      devolucoes: [],
    };
    this.pix.set(pix.endToEndId, pix);
    cob.status = "CONCLUIDA";
    await this.notify([pix]);
    return pix;
  }

  /** The devolução reaches its final status (the SPI settled it, or refused it); the webhook says so. */
  async finishDevolucao(e2eid: string, id: string, status: "DEVOLVIDO" | "NAO_REALIZADO", motivo?: string) {
    const d = this.devolucaoOf(e2eid, id);
    d.status = status;
    if (status === "DEVOLVIDO") d.horario.liquidacao = this.now().toISOString();
    if (motivo) d.motivo = motivo;
    await this.notify([this.pixOf(e2eid)]);
  }

  /** Calls the webhook with the notification `{ "pix": [...] }`; answers whether it was sent. */
  async notify(pix: Pix[]): Promise<boolean> {
    if (!this.webhookUrl || this.loseWebhooks) return false;
    const url = `${this.webhookUrl.replace(/\/$/, "")}/pix`;
    const body = JSON.stringify({ pix });
    await (this.o.deliver ?? postJson)(url, body);
    this.delivered.push({ url, body });
    return true;
  }
}

/** yyyyMMddHHmm in UTC, as in an e2eid. */
const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(/[-T:]/g, "");

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new Problem(400, "RequisicaoInvalida", "JSON inválido");
  }
}

async function postJson(url: string, body: string): Promise<void> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
  if (!res.ok) throw new Error(`webhook answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}
