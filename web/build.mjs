// Bundles src/main.ts (and the stubs generated from proto/) into dist/, with the page and
// its style sheet beside it: `npm run build` (make web runs it after generate).
import { build } from "esbuild";
import { copyFileSync, mkdirSync, statSync } from "node:fs";

mkdirSync("dist", { recursive: true });
const result = await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  minify: true,
  sourcemap: true,
  format: "esm",
  target: ["chrome110", "firefox110", "safari16"],
  outfile: "dist/app.js",
  metafile: true,
  logLevel: "warning",
});
for (const file of ["index.html", "style.css"]) {
  copyFileSync(`static/${file}`, `dist/${file}`);
}
const bytes = statSync("dist/app.js").size;
console.log(`web/dist/app.js: ${bytes} bytes (${Object.keys(result.metafile.inputs).length} inputs)`);
