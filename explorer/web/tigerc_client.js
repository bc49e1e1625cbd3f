// tigerc_client.js - the page's side of worker.js: call(args, file, source, input, files)
// returns a promise of {status, stdout, stderr, ms} (files: {path: text} written to the
// module's file system first); detect(dump) a promise of the dialect a dump's words say.
// stop() ends whatever is running by replacing the worker (the pending calls settle with
// status null).
export class TigercClient {
  constructor() {
    this.nextId = 0;
    this.spawn();
  }

  spawn() {
    this.pending = new Map();
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event) => {
      const settle = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      if (settle) settle(event.data);
    };
  }

  call(args, file, source, input = '', files = {}) {
    return this.send({ args, file, source, input, files });
  }

  async detect(dump) {
    return (await this.send({ detect: dump })).dialect;
  }

  send(message) {
    const id = this.nextId++;
    return new Promise((settle) => {
      this.pending.set(id, settle);
      this.worker.postMessage({ id, ...message });
    });
  }

  stop() {
    this.worker.terminate();
    for (const settle of this.pending.values())
      settle({ status: null, stdout: '', stderr: 'stopped\n', ms: 0 });
    this.spawn();
  }
}
