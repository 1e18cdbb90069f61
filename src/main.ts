/**
 * The `memdir` bin. Dispatches on argv without loading anything heavy: `memdir hook <event>` loads
 * only the hook bundle (fast path, run on every tool call); everything else loads the CLI bundle.
 */
const sub = process.argv[2];
// The bundles are siblings in dist/; required at run time so this file stays tiny.
const entry = sub === "hook" ? "./hook.cjs" : "./cli.cjs";
require(entry);
