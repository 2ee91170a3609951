import type { Config } from "./config";
import { DataDirBusy, type DataLock, lockWhenFree, servingHolder } from "./data-lock";
import { openHoldingListener, type HoldingListener, type ListenOptions } from "./listener";
import { steerNewConnectionsHere } from "./reuseport-steer";
import { prepareDataDir } from "./startup-errors";

/**
 * A restart that loses no request, on one machine with one data folder (issue 28): the new
 * server (started with --takeover) opens the port beside the old one (both share it,
 * SO_REUSEPORT) and has the kernel send it every new connection (reuseport-steer.ts), asks the
 * old one to leave (SIGTERM: it answers what it has with `Connection: close`, closes its port,
 * finishes its requests, closes the database and lets the folder go), takes the folder as soon as
 * it is free, opens the database and only then answers; requests that came meanwhile wait.
 *
 * Before anything is sent, the holder must be a server that announced itself on this folder
 * (planify.serving, data-lock.ts) at the same address: a restore or a backup holding the folder,
 * an older server, or one on another port is left alone, with the reason in French.
 */

type Log = (level: "info" | "warn" | "error", message: string, extra?: Record<string, unknown>) => void;

export interface TakenOver {
  lock: DataLock;
  /** The port opened before the old server left; null when nobody held the folder (an ordinary start). */
  holding: HoldingListener | null;
}

const refused = (why: string) => new Error(`Relève impossible : ${why}`);

/**
 * The folder for this server, taken from the server holding it if any (see above); throws the
 * French refusal, having sent nothing, when that holder cannot be taken over, or when it has not
 * left within config.takeoverWaitSeconds.
 */
export async function takeOver(config: Config, listen: ListenOptions, log: Log): Promise<TakenOver> {
  let busy: DataDirBusy;
  try {
    return { lock: prepareDataDir(config.dataDir), holding: null };
  } catch (error) {
    if (!(error instanceof DataDirBusy)) throw error;
    busy = error;
  }
  const holder = servingHolder(config.dataDir);
  if (!holder) {
    throw refused(
      `le dossier de données ${config.dataDir} est tenu par un processus${busy.pid ? ` (PID ${busy.pid})` : ""} qui n'est pas un serveur Planify en marche ` +
        "(une restauration, une sauvegarde, une migration, un serveur qui démarre encore, ou un serveur d'une version sans relève). " +
        "Rien ne lui a été envoyé : attendez qu'il ait fini, ou arrêtez-le puis démarrez sans --takeover.",
    );
  }
  const port = listen.port === 0 ? holder.port : listen.port;
  if (holder.host !== listen.host || holder.port !== port) {
    throw refused(
      `le serveur en place (PID ${holder.pid}) écoute sur ${holder.host}:${holder.port}, le nouveau sur ${listen.host}:${port}. ` +
        "La relève se fait à la même adresse et au même port (--host, --port). Rien ne lui a été envoyé.",
    );
  }
  let holding: HoldingListener;
  try {
    holding = openHoldingListener({ ...listen, port }, (config.takeoverWaitSeconds + 60) * 1000);
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    throw refused(
      code === "EADDRINUSE"
        ? `le serveur en place (PID ${holder.pid}) n'ouvre pas son port ${port} en partage (une version sans relève, ou un autre programme sur ce port). Rien ne lui a été envoyé : arrêtez-le puis démarrez sans --takeover.`
        : `ouverture du port ${listen.host}:${port} impossible (${error instanceof Error ? error.message : String(error)}). Rien n'a été envoyé au serveur en place (PID ${holder.pid}).`,
    );
  }
  const notSteered = steerNewConnectionsHere(port);
  if (notSteered)
    log("warn", "new connections not steered to this process: a few may be reset while the old server closes its port", {
      reason: notSteered,
    });
  log("info", "taking over", { pid: holder.pid, port });
  try {
    process.kill(holder.pid, "SIGTERM");
  } catch (error) {
    // ESRCH: it left between the check and now; the folder is then free already.
    const code = (error as { code?: string }).code;
    if (code !== "ESRCH") {
      await holding.fail();
      throw refused(
        `la demande d'arrêt (SIGTERM) n'a pas pu être envoyée au serveur en place (PID ${holder.pid}) : ${code ?? String(error)}.`,
      );
    }
  }
  const lock = await lockWhenFree(config.dataDir, config.takeoverWaitSeconds * 1000).catch(async (error: unknown) => {
    await holding.fail();
    throw error;
  });
  if (!lock) {
    await holding.fail();
    throw refused(
      `le serveur en place (PID ${holder.pid}) n'a pas rendu le dossier de données ${config.dataDir} en ${config.takeoverWaitSeconds} s ` +
        "(PLANIFY_TAKEOVER_WAIT_SECONDS). Il a reçu la demande d'arrêt (SIGTERM) : voyez son journal. S'il est bloqué, " +
        `arrêtez-le (kill -9 ${holder.pid}) puis démarrez sans --takeover.`,
    );
  }
  log("info", "took over", { pid: holder.pid });
  return { lock, holding };
}
