// The public face of features/proposals: what app.ts and other features may import. Everything
// else in this folder is internal (checked by scripts/lib/boundaries.ts).
export { proposalsRoutes } from "./routes";
export { proposerRoutes } from "./blocks";
export { muteRoutes } from "./mutes";
export { closePendingProposals, referencedProposalFiles, removeClosedProposalFiles } from "./files";
export { proposalUploadsRoutes } from "./uploads";
