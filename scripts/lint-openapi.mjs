/**
 * `npm run lint`'s last step: Redocly's recommended ruleset (redocly.yaml) on docs/openapi.json, through Redocly's lint
 * engine (@redocly/openapi-core, which openapi-typescript already brings) rather than the whole CLI
 * (docs/decisions/021-http-as-clients-expect-it.md). Clean means no error and no warning; the exceptions, each with
 * its reason, are in redocly.yaml and .redocly.lint-ignore.yaml.
 */
import { formatProblems, getTotals, lint, loadConfig } from '@redocly/openapi-core';

const DOCUMENT = 'docs/openapi.json';

const config = await loadConfig({ configPath: 'redocly.yaml' });
const problems = (await lint({ ref: DOCUMENT, config }))
  .map((problem) => config.styleguide.addProblemToIgnore(problem))
  .filter((problem) => !problem.ignored);
const totals = getTotals(problems);
formatProblems(problems, { format: 'stylish', totals, version: 'openapi-core' });
if (problems.length > 0) {
  console.error(`${DOCUMENT}: ${totals.errors} errors and ${totals.warnings} warnings (Redocly's recommended ruleset)`);
  process.exitCode = 1;
} else {
  console.info(`${DOCUMENT}: Redocly's recommended ruleset passes`);
}
