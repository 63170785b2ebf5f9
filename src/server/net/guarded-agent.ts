// The connection pool of every request to a user-given address (feeds, webhook endpoints): each
// connection's DNS answers are checked, and then the address actually connected to, so no name can
// lead to a private or loopback address. Hosts in FETCH_ALLOW_HOSTS (exact host:port) are the only bypass.
import { Agent, buildConnector } from 'undici';
import { BlockedAddressError, guardedLookup, isBlockedIp } from './address-guard';

export function guardedAgent(allow: Set<string>, opts: { connections: number; connectTimeoutMs: number }): Agent {
  const open = buildConnector({ timeout: opts.connectTimeoutMs });
  const guarded = buildConnector({ timeout: opts.connectTimeoutMs, lookup: guardedLookup } as buildConnector.BuildOptions);
  return new Agent({
    connections: opts.connections,
    connect(options, callback) {
      const key = `${options.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${options.port || (options.protocol === 'https:' ? '443' : '80')}`;
      const allowed = allow.has(key);
      (allowed ? open : guarded)(options, (err, socket) => {
        if (err || !socket) return callback(err ?? new Error('connect failed'), null);
        // Checks the address actually connected to, whatever resolved it (literal IPs skip lookup).
        const remote = socket.remoteAddress ?? '';
        if (!allowed && isBlockedIp(remote)) {
          socket.destroy();
          return callback(new BlockedAddressError(remote), null);
        }
        callback(null, socket);
      });
    },
  });
}
