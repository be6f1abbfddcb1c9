"""pyffish's own unit tests (test.py, from its source distribution) run against vdl.

Usage: pyffish_suite.py PYFFISH_SDIST.tar.gz

Imports test.py with `pyffish` standing for `vdl`, runs every test of its
TestPyffish, and prints one line per test: `PASS name` or `FAIL name: reason`
(the first line of the first failure or error, or a subtest's parameters).
"""

import importlib.util
import os
import sys
import tarfile
import tempfile
import types
import unittest
import warnings

import vdl


def main():
    shim = types.ModuleType("pyffish")
    shim.__dict__.update({k: getattr(vdl, k) for k in dir(vdl) if not k.startswith("__")})
    shim.__file__ = vdl.__file__
    sys.modules["pyffish"] = shim
    with warnings.catch_warnings():
        # the configuration's sections vdl cannot play are left out, with a warning
        warnings.simplefilter("ignore")
        with tarfile.open(sys.argv[1]) as sdist:
            member = next(m for m in sdist.getmembers() if m.name.endswith("/test.py"))
            text = sdist.extractfile(member).read()
        path = os.path.join(tempfile.mkdtemp(), "test.py")
        with open(path, "wb") as f:
            f.write(text)
        spec = importlib.util.spec_from_file_location("pyffish_test", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(module.TestPyffish)
    for test in sorted(suite, key=lambda t: t.id()):
        name = test.id().rsplit(".", 1)[-1]
        result = unittest.TestResult()
        test.run(result)
        problems = result.failures + result.errors
        if not problems:
            print(f"PASS {name}")
            continue
        _, trace = problems[0]
        last = [line for line in trace.strip().splitlines() if line.strip()][-1]
        print(f"FAIL {name}: {last[:200]}")


main()
