// Zod probes `new Function` on its first parse to pick a faster path. Under our Content-Security-Policy
// (no 'unsafe-eval') the probe fails harmlessly but is still reported as a violation, so every browser
// entry that parses with Zod imports this first. Islands get it through the CSP integration's
// before-hydration script; code loaded later on demand (the report dialog) imports it itself.
import { config } from 'zod';

config({ jitless: true });
