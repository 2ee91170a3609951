import type { IpcChannel, IpcContract, NotifyRequest, PickFilesRequest, SaveDownloadRequest } from "../shared/ipc";

/** Thrown for arguments that do not match the contract; the page sees a rejected promise. */
export class BadArguments extends Error {
  constructor(channel: string, why: string) {
    super(`${channel}: arguments refusés (${why})`);
  }
}

type Args<C extends IpcChannel> = IpcContract[C]["args"];
type Validator<C extends IpcChannel> = (args: unknown[], channel: C) => Args<C>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const shortString = (v: unknown, max: number): v is string => typeof v === "string" && v.length > 0 && v.length <= max;

function none<C extends IpcChannel>(args: unknown[], channel: C): Args<C> {
  if (args.length !== 0) throw new BadArguments(channel, "aucun argument attendu");
  return [] as unknown as Args<C>;
}

function oneString<C extends IpcChannel>(max: number): Validator<C> {
  return (args, channel) => {
    if (args.length !== 1 || !shortString(args[0], max)) throw new BadArguments(channel, "un texte attendu");
    return [args[0]] as unknown as Args<C>;
  };
}

function pick(args: unknown[]): [PickFilesRequest] {
  const [req] = args;
  if (args.length !== 1 || !isRecord(req)) throw new BadArguments("files:pick", "objet attendu");
  const { extensions, multiple } = req;
  if (!Array.isArray(extensions) || extensions.length === 0 || extensions.length > 20) throw new BadArguments("files:pick", "extensions");
  if (!extensions.every((e) => typeof e === "string" && /^[a-z0-9]{1,10}$/.test(e))) throw new BadArguments("files:pick", "extensions");
  if (typeof multiple !== "boolean") throw new BadArguments("files:pick", "multiple");
  return [{ extensions: [...extensions] as string[], multiple }];
}

const FORWARDED_HEADERS = new Set(["authorization", "x-requested-with"]);

function save(args: unknown[]): [SaveDownloadRequest] {
  const [req] = args;
  if (args.length !== 1 || !isRecord(req)) throw new BadArguments("files:save-download", "objet attendu");
  const { url, suggestedName, headers, transferId } = req;
  if (!shortString(url, 4096)) throw new BadArguments("files:save-download", "url");
  try {
    new URL(url);
  } catch {
    throw new BadArguments("files:save-download", "url");
  }
  if (!shortString(suggestedName, 255) || /[\\/\0]/.test(suggestedName)) throw new BadArguments("files:save-download", "nom");
  if (!shortString(transferId, 64)) throw new BadArguments("files:save-download", "transferId");
  if (!isRecord(headers)) throw new BadArguments("files:save-download", "en-têtes");
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (!FORWARDED_HEADERS.has(k.toLowerCase())) throw new BadArguments("files:save-download", `en-tête ${k}`);
    if (!shortString(v, 4096) || /[\r\n]/.test(v)) throw new BadArguments("files:save-download", `en-tête ${k}`);
    kept[k] = v;
  }
  return [{ url, suggestedName, headers: kept, transferId }];
}

function notify(args: unknown[]): [NotifyRequest] {
  const [req] = args;
  if (args.length !== 1 || !isRecord(req) || !shortString(req.title, 200) || typeof req.body !== "string" || req.body.length > 1000) {
    throw new BadArguments("notify:show", "titre et texte attendus");
  }
  return [{ title: req.title, body: req.body }];
}

/** One validator per channel: a channel cannot be added to the contract without one. */
export const validators: { [C in IpcChannel]: Validator<C> } = {
  "app:version": none,
  "files:pick": pick,
  "files:save-download": save,
  "files:reveal": oneString(4096),
  "notify:show": notify,
  "setup:current": none,
  "setup:check": oneString(2048),
  "setup:save": oneString(2048),
  "setup:retry": none,
};
