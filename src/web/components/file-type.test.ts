import { describe, expect, it } from "vitest";
import { acceptAttribute, checkUploadFile, fileExtension } from "./file-type";

describe("upload file type", () => {
  it("reads the extension case-insensitively", () => {
    expect(fileExtension("photo.JPG")).toBe("jpg");
    expect(fileExtension("noext")).toBe("");
  });
  it("accepts jpg, jpeg, png and webp images", () => {
    for (const name of ["a.jpg", "a.jpeg", "a.png", "a.webp"]) {
      expect(checkUploadFile({ name, type: "image/x" }, true)).toBeNull();
    }
  });
  it("refuses other images and non-images", () => {
    expect(checkUploadFile({ name: "a.gif", type: "image/gif" }, true)).toBe("Only images are allowed");
    expect(checkUploadFile({ name: "a.txt", type: "text/plain" }, false)).toBe("Only images or PDF files are allowed");
  });
  it("accepts PDF unless images only", () => {
    expect(checkUploadFile({ name: "a.pdf", type: "application/pdf" }, false)).toBeNull();
    expect(checkUploadFile({ name: "a.pdf", type: "application/pdf" }, true)).toBe("Only images are allowed");
    expect(acceptAttribute(true)).not.toContain("pdf");
    expect(checkUploadFile({ name: "scan.png", type: "image/png", size: 6 }, false, 5)).toBe("File is too large");
    expect(checkUploadFile({ name: "scan.pdf", type: "application/pdf", size: 5 }, false, 5)).toBeNull();
    expect(acceptAttribute(false)).toContain("application/pdf");
  });
});
