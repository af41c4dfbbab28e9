"""The tests count compiles: an on-disk cache of compiled objects from the
caller's environment (INTERP_CACHE_DIR) would turn them into loads. Off
here, and in the processes the tests start; test_disk_cache.py turns it on
where it means to."""

import os

os.environ.pop("INTERP_CACHE_DIR", None)
