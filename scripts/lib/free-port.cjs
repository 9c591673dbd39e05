'use strict';
/**
 * Ports on 127.0.0.1: one the system says is free, and whether one is free (again).
 * Shared by npm start, the server's process tests, the browser journeys and the bench.
 */
const { createServer } = require('node:net');

/**
 * A TCP port nobody listens on right now (the system picks it; we close it again at once).
 * @param {string} [host]
 * @returns {Promise<number>}
 */
function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * True when `port` can be bound on `host`, i.e. nothing listens there.
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

module.exports = { freePort, portIsFree };
