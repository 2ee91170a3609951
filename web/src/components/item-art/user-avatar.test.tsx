import { afterEach, describe, expect, it } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { clearSession, saveLogin, updateUser } from "../../lib/session";
import { fakeLogin } from "../../lib/test-session";
import { UserAvatar, type AvatarUser } from "./user-avatar";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
const host = document.createElement("div");

async function draw(user: AvatarUser) {
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <UserAvatar user={user} />
      </QueryClientProvider>,
    ),
  );
  return () => host.querySelector("img")?.getAttribute("src") ?? null;
}

afterEach(async () => {
  await act(async () => root.unmount());
  clearSession();
});

describe("one's own avatar", () => {
  it("shows the session's newer picture on rows read before the upload (boards, profiles)", async () => {
    saveLogin(fakeLogin(3_600_000, { avatar: "avatars/u1.jpg", avatarVersion: 2 }), true);
    const src = await draw({ id: "u1", username: "emma.petit", avatar: "avatars/u1-old.jpg", avatarVersion: 1 });
    expect(src()).toBe("/api/users/avatar/u1?v=2");
    await act(async () => updateUser({ avatarVersion: 3 }));
    expect(src()).toBe("/api/users/avatar/u1?v=3");
  });

  it("leaves other users' pictures alone", async () => {
    saveLogin(fakeLogin(3_600_000, { avatar: "avatars/u1.jpg", avatarVersion: 5 }), true);
    const src = await draw({ id: "u2", username: "lea.martin", avatar: "avatars/u2.jpg", avatarVersion: 1 });
    expect(src()).toBe("/api/users/avatar/u2?v=1");
  });

  it("tries a new version again after the old one failed to load", async () => {
    saveLogin(fakeLogin(3_600_000, { avatar: "avatars/u1.jpg", avatarVersion: 1 }), true);
    const src = await draw({ id: "u1", username: "emma.petit", avatar: "avatars/u1.jpg", avatarVersion: 1 });
    await act(async () => host.querySelector("img")!.dispatchEvent(new Event("error")));
    expect(src()).toBeNull();
    await act(async () => updateUser({ avatarVersion: 2 }));
    expect(src()).toBe("/api/users/avatar/u1?v=2");
  });
});
