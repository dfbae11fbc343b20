/** proxy-addr (Express's own dependency, which computes `req.ip`) ships no types: the two calls used here. */
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type Trust = (address: string, hop: number) => boolean;
  function proxyAddr(req: IncomingMessage, trust: Trust): string;
  namespace proxyAddr {
    function compile(values: string[]): Trust;
  }
  export default proxyAddr;
}
