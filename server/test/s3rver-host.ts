import S3rver from 's3rver';

/*
 * s3rver as a process of its own, for a test that runs the object store on another machine (a
 * network namespace: server/test/two-machines.test.ts). Arguments: address, port, directory; prints
 * `ready` once it listens.
 */
const [address, port, directory] = process.argv.slice(2);
const server = new S3rver({ address, port: Number(port), silent: true, directory, configureBuckets: [{ name: 'uploads' }] });
await server.run();
console.log('ready');
