/** Types of scripts/dev-certs.js (plain JavaScript, because webpack.config.js requires it). */

/** The { ca, cert, key } for an https server on localhost (generated once if missing or expiring). */
export function getDevHttpsOptions(): Promise<{ ca: Buffer; cert: Buffer; key: Buffer }>;
