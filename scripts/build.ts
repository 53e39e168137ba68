/** `deno task build`: forces a build of the browser assets (lib/build.ts). */
import { buildAssets } from "@/lib/build.ts";

await buildAssets();
