import { buildBinary } from "../lib/build";
await buildBinary();
