// Which reminder device this browser or desktop window is, per account (kept locally: the
// server knows the devices, only this browser knows which one is itself).
const key = (userId: string) => `planify:reminder-device:${userId}`;

export function thisDevice(userId: string): string | null {
  try {
    return localStorage.getItem(key(userId));
  } catch {
    // Storage blocked: this device is not known as a reminder device.
    return null;
  }
}

export function rememberDevice(userId: string, id: string | null): void {
  try {
    if (id) localStorage.setItem(key(userId), id);
    else localStorage.removeItem(key(userId));
  } catch {
    // Private mode without storage: the state shows as not enabled next time.
  }
}
