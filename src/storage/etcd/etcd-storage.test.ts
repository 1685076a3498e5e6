import { after } from 'node:test';
import { storageConformance } from '../conformance/storage-conformance.js';
import { etcdSkipReason, startEtcd, type EtcdProcess } from '../../testing/etcd.js';
import { KeyMap } from './etcd-keys.js';
import { openEtcdStorage, type EtcdStorage } from './etcd-storage.js';

const skip = etcdSkipReason();
let etcd: Promise<EtcdProcess> | undefined;
let n = 0;
after(async () => (await etcd)?.stop());

// One etcd for the file; every test gets its own key prefix (the suite's tests run one at a time, so the store's
// revision moves only by the test's own writes).
storageConformance(
  'etcd',
  async (opts) => {
    etcd ??= startEtcd();
    const { url } = await etcd;
    const keys = new KeyMap('/', `/conformance-${++n}/`);
    const open = () => openEtcdStorage({ endpoints: [url], keys, compactionIntervalMs: 0, ...opts });
    let storage: EtcdStorage = await open();
    return {
      storage,
      reopen: async () => {
        await storage.close();
        storage = await open();
        return storage;
      },
      multiVersion: true,
      unorderedConcurrentWrites:
        'etcd: concurrent transactions are separate RPCs that etcd may apply in any order; kube-apiserver promises no order either',
    };
  },
  { skip },
);
