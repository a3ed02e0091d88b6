import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { budgetReport, measureFirstScreens, type ChunkInfo } from "./js-budget";

/** Random bytes do not compress: a chunk of n of them weighs about n gzipped. */
const chunk = (file: string, kib: number, imports: string[] = [], extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  file,
  code: randomBytes(kib * 1024),
  imports,
  isEntry: false,
  ...extra,
});

const SCREENS = [
  { name: "the sign-in page", lazyModules: ["src/web/app/start-app.tsx", "src/web/features/auth/login-page.tsx"] },
  { name: "the signed-in shell", lazyModules: ["src/web/app/start-app.tsx", "src/web/app/shell-layout.tsx"] },
];

describe("initial JS budget", () => {
  const build = (shellKiB: number) => [
    chunk("index.js", 5, ["vendor.js"], { isEntry: true }),
    chunk("app.js", 195, ["vendor.js"], { facadeModuleId: "/app/src/web/app/start-app.tsx" }),
    chunk("vendor.js", 20),
    chunk("login.js", 10, ["vendor.js"], { facadeModuleId: "/app/src/web/features/auth/login-page.tsx" }),
    chunk("shell.js", shellKiB, ["runtime-free.js"], { facadeModuleId: "/app/src/web/app/shell-layout.tsx" }),
    chunk("runtime-free.js", 5),
    chunk("lazy-screen.js", 500, [], { facadeModuleId: "/app/src/web/features/sale/sale-form.tsx" }),
  ];

  it("counts the entry's static imports and each screen's lazy chunks, not the other lazy chunks", () => {
    const [signIn, shell] = measureFirstScreens(build(40), SCREENS);
    expect(signIn.files).toEqual(["app.js", "index.js", "login.js", "vendor.js"]);
    expect(shell.files).toEqual(["app.js", "index.js", "runtime-free.js", "shell.js", "vendor.js"]);
    expect(signIn.gzipBytes / 1024).toBeGreaterThan(229);
    expect(signIn.gzipBytes / 1024).toBeLessThan(232);
    expect(budgetReport([signIn, shell], 300).error).toBeNull();
  });

  it("fails with the screen, its size and its chunks when a screen passes the budget", () => {
    const sizes = measureFirstScreens(build(100), SCREENS);
    const { error, lines } = budgetReport(sizes, 300);
    expect(lines[1]).toMatch(/^initial JS of the signed-in shell: 32\d\.\d KiB gzipped/);
    expect(error).toMatch(/over its budget of 300 KiB gzipped/);
    expect(error).toMatch(/the signed-in shell loads 32\d\.\d KiB \(app\.js, index\.js, runtime-free\.js, shell\.js, vendor\.js\)/);
    expect(error).not.toMatch(/sign-in page loads/);
  });

  it("finds a screen's module in a chunk it shares without being its facade", () => {
    const chunks = build(40).map((c) =>
      c.file === "shell.js"
        ? { ...c, facadeModuleId: null, moduleIds: ["/app/src/web/app/top-bar.tsx", "/app/src/web/app/shell-layout.tsx"] }
        : c,
    );
    const [, shell] = measureFirstScreens(chunks, SCREENS);
    expect(shell.files).toContain("shell.js");
    const without = chunks.filter((c) => c.file !== "shell.js");
    expect(() => measureFirstScreens(without, SCREENS)).toThrow(/no chunk built from src\/web\/app\/shell-layout\.tsx/);
  });
});
