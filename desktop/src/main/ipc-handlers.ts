import { type IpcChannel, type IpcContract, SETUP_CHANNELS } from "../shared/ipc";
import { BadArguments, validators } from "./ipc-validate";
import { isBundledPage, isServerUrl, type Origins } from "./security";

export type Handlers = {
  [C in IpcChannel]: (...args: IpcContract[C]["args"]) => Promise<IpcContract[C]["result"]> | IpcContract[C]["result"];
};

/** The IPC event parts we read: which frame sent it. */
export interface InvokeEvent {
  senderFrame: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void;
}

export class ForbiddenSender extends Error {
  constructor(channel: string) {
    super(`${channel}: appel refusé depuis cette page`);
  }
}

const setupChannels: ReadonlySet<string> = new Set(SETUP_CHANNELS);

/** Setup channels answer only our bundled pages; the others only the school server's pages. */
export function senderAllowed(channel: IpcChannel, senderUrl: string, origins: Origins): boolean {
  return setupChannels.has(channel) ? isBundledPage(senderUrl, origins) : isServerUrl(senderUrl, origins);
}

/**
 * Registers every channel of the contract: the sender is checked, the arguments validated,
 * then the handler runs. The event object stays here; only the result reaches the page.
 */
export function registerIpcHandlers(ipcMain: IpcMainLike, handlers: Handlers, origins: Origins): void {
  for (const channel of Object.keys(validators) as IpcChannel[]) {
    ipcMain.handle(channel, (event, ...raw) => {
      if (!senderAllowed(channel, event.senderFrame?.url ?? "", origins)) throw new ForbiddenSender(channel);
      const args = (validators[channel] as (a: unknown[], c: IpcChannel) => unknown[])(raw, channel);
      return (handlers[channel] as (...a: unknown[]) => unknown)(...args);
    });
  }
}

export { BadArguments };
