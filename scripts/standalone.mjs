// The single-file page: fairylab-standalone.html, with the embed script, the module's
// JavaScript, the worker and the wasm (base64) inlined, so it plays when opened from disk.
//   node scripts/standalone.mjs OUT      (reads OUT/embed/, writes OUT/fairylab-standalone.html)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] || 'dist';
const embed = (name) => join(out, 'embed', name);
const inline = {
  core: readFileSync(embed('fairylab-core.js'), 'utf8'),
  worker: readFileSync(embed('ai-worker.js'), 'utf8'),
  wasm: readFileSync(embed('fairylab-core_bg.wasm')).toString('base64'),
};
const marker = '/* fairylab:inline */ null';
const loader = readFileSync(embed('fairylab.js'), 'utf8');
if (!loader.includes(marker)) {
  throw new Error(`${embed('fairylab.js')} has no ${marker} to fill in`);
}
// JSON is a JavaScript expression; `<` escaped so no text can close the <script> element.
const data = JSON.stringify(inline).replace(/</g, '\\u003c');
// The loader's own text may hold `</script>` (its comment does): `<\/` is the same in
// JavaScript and does not end the element.
const script = loader.replace(/<\/(script)/gi, '<\\/$1').replace(marker, () => data);

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>fairylab</title>
    <style>
      html, body { margin: 0; background: #161512; color: #bababa; font-family: system-ui, sans-serif; }
      main { display: flex; flex-direction: column; align-items: center; gap: 0.75rem; padding: 1rem; }
      h1 { margin: 0; font-size: 1.25rem; font-weight: 600; letter-spacing: 0.05em; }
      .fairylab { width: 100%; max-width: 74rem; box-sizing: border-box; }
    </style>
  </head>
  <body>
    <main>
      <h1>fairylab</h1>
      <div class="fairylab" id="board" data-variant="morphing-chess"></div>
      <noscript>fairylab needs JavaScript and WebAssembly.</noscript>
    </main>
    <script>
${script}
    </script>
  </body>
</html>
`;
writeFileSync(join(out, 'fairylab-standalone.html'), page);
console.log(`standalone: ${join(out, 'fairylab-standalone.html')} ${Math.round(page.length / 1024)} KiB`);
