import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { useQuery } from "@tanstack/react-query";
import { cleanup, mount } from "../lib/social/test-fixtures";
import { QueryState } from "./query-state";

afterEach(cleanup);

function Homework({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ["homework"], queryFn: load });
  return (
    <QueryState query={query} errorText="Impossible de charger les devoirs." isEmpty={(d) => d.length === 0} empty="Aucun devoir.">
      {(items) => (
        <ul>
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

const text = () => document.body.textContent;
const retry = () => [...document.querySelectorAll("button")].find((b) => b.textContent === "Réessayer");

describe("QueryState", () => {
  it("shows loading, then a failure with « Réessayer » (not an empty list), and the list once a retry succeeds", async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error("HTTP 500");
      return ["Rapport de stage"];
    });
    let resolveFirst!: () => void;
    const first = new Promise<void>((r) => (resolveFirst = r));
    load.mockImplementationOnce(async () => {
      await first;
      throw new Error("HTTP 500");
    });
    await mount(<Homework load={load} />);
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Chargement…");
    await act(async () => resolveFirst());
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());
    expect(text()).toContain("Impossible de charger les devoirs.");
    expect(text()).not.toContain("Aucun devoir.");
    fail = false;
    await act(async () => retry()!.click());
    await vi.waitFor(() => expect(document.querySelector("li")?.textContent).toBe("Rapport de stage"));
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("shows the empty state only when the load succeeded with nothing", async () => {
    await mount(<Homework load={async () => []} />);
    await vi.waitFor(() => expect(text()).toContain("Aucun devoir."));
    expect(retry()).toBeUndefined();
  });
});
