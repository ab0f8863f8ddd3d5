// The parts of @20minutes/s3rver (a maintained fork of s3rver, an S3-compatible server for tests)
// the S3 stand-in uses; the package ships no types of its own.
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string }>;
    allowMismatchedSignatures?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    httpServer: Server;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
