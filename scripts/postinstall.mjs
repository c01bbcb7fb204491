// After `npm install`: when npm itself ran on a Node older than the shop needs (the machine's Node 20, say), npm
// printed an EBADENGINE warning for every package that needs a newer one. Say in one line why that is harmless:
// this install brought Node 24 as a package (the `node` devDependency), and every npm script runs on it. Silent
// when npm ran on a Node that is new enough. (Runs on any Node: npm may start it with the machine's.)
const agent = process.env.npm_config_user_agent ?? '';
const match = /\bnode\/v(\d+)\.(\d+)\.(\d+)/.exec(agent);
if (match) {
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major < 22 || (major === 22 && minor < 12)) {
    console.log(
      `storefront: npm ran on Node ${match[1]}.${match[2]}.${match[3]}, hence the EBADENGINE warnings above; the shop needs Node 22.12 or newer, so this install brought Node 24 as a package (devDependency "node") and every npm script (npm start, npm test, npm run …) runs on it.`,
    );
  }
}
