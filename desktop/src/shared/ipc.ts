/**
 * The IPC contract between the Electron main process and the page: channel -> arguments
 * and result. The desktop shell is a skeleton for now; the web app falls back to browser
 * behaviour when the bridge is absent.
 */
export interface IpcContract {
  "app:version": { args: []; result: string };
}
export type IpcChannel = keyof IpcContract;
