import type { ContactBody } from "@planify/common/schemas/contact";
import { api } from "../../../lib/api";

/** POST /api/contact; resolves with the server's success message. */
export async function sendContactMessage(body: ContactBody): Promise<string> {
  const res = await api<{ success: boolean; message: string }>("/contact", { method: "POST", body });
  return res.message;
}
