// Test helper (not a test file): types into a React-controlled field as a user would.
import { act } from "react";

/** Sets the value through the native setter (React ignores a plain assignment) and fires input. */
export async function typeInto(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): Promise<void> {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, "value")?.set;
  await act(async () => {
    setter?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

/** The form control whose label reads `label`. */
export function field<T extends HTMLElement = HTMLInputElement>(label: string, root: ParentNode = document): T {
  const found = [...root.querySelectorAll("label")].find((l) => l.textContent?.replace("*", "").trim() === label);
  const id = found?.getAttribute("for");
  const el = id ? document.getElementById(id) : null;
  if (!el) throw new Error(`no field labelled ${label}`);
  return el as T;
}
