/**
 * A CPU profile's heaviest functions by self time: `npx tsx tests/bench/cpu-profile.ts FILE [count]`, for the
 * .cpuprofile files of Chromium (import-preview.ts's IMPORT_PREVIEW_PROFILE) and of `node --cpu-prof`.
 */
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, count = '25'] = process.argv.slice(2);
if (file === undefined) {
  console.error('Usage: npx tsx tests/bench/cpu-profile.ts FILE.cpuprofile [count]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<string, number>();
profile.samples.forEach((id, index) => {
  const frame = byId.get(id)?.callFrame;
  if (!frame) return;
  const where = frame.url === '' ? '' : ` ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  const key = `${frame.functionName || '(anonymous)'}${where}`;
  selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
});
const total = (profile.endTime - profile.startTime) / 1000;
console.info(`${file}: ${total.toFixed(0)} ms profiled, ${profile.samples.length} samples`);
for (const [key, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) {
  console.info(`${ms.toFixed(1).padStart(8)} ms  ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
