import { storageConformance } from '../conformance/storage-conformance.js';
import { MemoryStorage } from './memory-storage.js';

storageConformance('memory', async (opts) => ({ storage: new MemoryStorage(opts) }));
