import { describe, expect, it } from "vitest";
import { filenameFromDisposition, sanitiseFilename } from "./transfer";

describe("download names", () => {
  it("reads Content-Disposition, RFC 5987 form first", () => {
    expect(filenameFromDisposition(`attachment; filename="depots.zip"; filename*=UTF-8''D%C3%A9p%C3%B4ts%20projet.zip`)).toBe(
      "Dépôts projet.zip",
    );
    expect(filenameFromDisposition(`attachment; filename="rapport.pdf"`)).toBe("rapport.pdf");
    expect(filenameFromDisposition(null)).toBeNull();
  });
  it("keeps only letters, digits, dot, underscore and hyphen for the ZIP", () => {
    expect(sanitiseFilename("Dépôts projet/../web.zip")).toBe("Depots_projet_.._web.zip");
    expect(sanitiseFilename("../../etc")).toBe("etc");
    expect(sanitiseFilename("???", "depots.zip")).toBe("depots.zip");
  });
});
