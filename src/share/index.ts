/**
 * L4 share: team memory over git. The real `git` CLI is the sync engine (git.ts);
 * gates.ts decides what may enter and leave; commit, merge (keep both sides of a conflict) and push
 * run git; init and promote set team memory up and move a memory into it. Events are returned as data
 * for app/ to record.
 */
export { type CommitResult, commitLocal, localChanges, type Skipped, trackedEntries } from "./commit.js";
export { CONFLICT_BEGIN, CONFLICT_END, hasConflictBlock, keepBoth } from "./conflict.js";
export {
  secretGate,
  sizeGate,
  syncable,
  TEAM_FILE_MAX_BYTES,
  TEAM_MAX_ENTRIES,
  TEAM_PUSH_MAX_BYTES,
} from "./gates.js";
export { type Env, GIT_NETWORK_TIMEOUT_MS, git, type RemoteFailure } from "./git.js";
export { type InitResult, initTeamInRepo, initTeamRemote } from "./init.js";
export { type PullResult, pullTeam } from "./merge.js";
export { type PromoteResult, promoteMemory } from "./promote.js";
export { type PushResult, pushTeam } from "./push.js";
export { currentBranch, openTeamRepo, revParse, type TeamRepo, upstreamOf } from "./repo.js";
export {
  AUTO_PULL_INTERVAL_MS,
  AUTO_PUSH_INTERVAL_MS,
  readTeamState,
  TEAM_STATE_FILE,
  type TeamConflict,
  type TeamState,
  updateTeamState,
} from "./state.js";
