// Every schema imports zod from here, so this runs before the first schema is built, whatever
// the bundler's chunk order. zod 4 otherwise probes `new Function` (for its JIT parsers) when it
// builds the first object schema; under the site's CSP (no eval) the browser reports that probe
// as a violation. Our bodies are small, so the JIT gains nothing worth an eval allowance.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
