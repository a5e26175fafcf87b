#!/usr/bin/env python3
"""Regenerates the seed corpora of tests/fuzz/<target>/ from the repository (standard library
only). Seeds are named seed_*; regression inputs (regress_*) are written by hand and kept.

usage: make_seeds.py [FIRMWARE_DIR]   (FIRMWARE_DIR: built *.elf files, e.g. build/default/firmware_stub)
"""
import json
import pathlib
import shutil
import struct
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def clear_seeds(target):
    out = HERE / target
    out.mkdir(exist_ok=True)
    for old in out.glob("seed_*"):
        old.unlink()
    return out


# --- config: the shipped configs flattened (load_json refuses "extends"), with some overrides ---

def merge(base, derived):
    for key, value in derived.items():
        if value is None:
            base.pop(key, None)
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            merge(base[key], value)
        else:
            base[key] = value
    return base


def flattened(path):
    doc = json.loads(path.read_text())
    parent = doc.pop("extends", None)
    return merge(flattened(path.parent / parent), doc) if parent else doc


CONFIG_OVERRIDES = {
    "vexriscv_arty": ["caches.dcache.size=8K", "cpu.branch_prediction=static"],
    "vta": ["vta.hw.LOG_BLOCK=5", "vta.dma.burst_bytes=0"],
    "mnv2_cfu": ["cfu.macc_lanes=8", "firmware_args.1=3"],
    "vexriscv_ideal": ["memories.main_ram.size=64M"],
}


def make_config():
    out = clear_seeds("config")
    for path in sorted((ROOT / "configs").glob("*.json")):
        text = json.dumps(flattened(path), indent=1) + "\n"
        (out / f"seed_{path.stem}.txt").write_text(text)
        sets = CONFIG_OVERRIDES.get(path.stem)
        if sets:
            prefix = "".join(f"--set {s}\n" for s in sets)
            (out / f"seed_{path.stem}_overrides.txt").write_text(prefix + text)
    (out / "seed_minimal.txt").write_text("{}\n")
    (out / "seed_override_only.txt").write_text("--set name=x\n--set l2=null\n{\"name\": \"a\"}\n")


# --- elf: small built firmware, stripped, plus truncations --------------------------------------

def make_elf(firmware_dir):
    out = clear_seeds("elf")
    strip = shutil.which("riscv64-unknown-elf-strip")
    for name in ["fault_illegal", "fault_exit_code"]:
        elf = firmware_dir / f"{name}.elf"
        if not elf.exists():
            print(f"make_seeds: {elf} not built; elf seeds left out", file=sys.stderr)
            continue
        data = elf.read_bytes()
        if strip:  # keeps the symbol table, drops debug info: a few KiB instead of ~18
            stripped = out / f"seed_{name}.elf"
            subprocess.run([strip, "--strip-debug", "-o", str(stripped), str(elf)], check=True)
            data = stripped.read_bytes()
        else:
            (out / f"seed_{name}.elf").write_bytes(data)
        # Truncations: inside the program headers and inside the section headers.
        (out / f"seed_{name}_cut52.elf").write_bytes(data[:52 + 32])
        (out / f"seed_{name}_cut_half.elf").write_bytes(data[: len(data) // 2])
    # A minimal hand-made executable: ELF header, one PT_LOAD with 8 bytes and a bss tail.
    header = b"\x7fELF" + bytes([1, 1, 1, 0]) + bytes(8)
    header += struct.pack("<HHIIIIIHHHHHH", 2, 243, 1, 0x100, 52, 0, 0, 52, 32, 1, 40, 0, 0)
    phdr = struct.pack("<IIIIIIII", 1, 84, 0x100, 0x100, 8, 64, 5, 4)
    (out / "seed_minimal.elf").write_bytes(header + phdr + bytes(range(8)))


# --- vta: short programs on shapes chosen by the first two bytes (see fuzz_vta.cpp) -----------

def vta_put(fields):
    word, pos = 0, 0
    for width, value in fields:
        word |= (value & ((1 << width) - 1)) << pos
        pos += width
    return word


def mem(opcode, mtype, sram, dram, y, x, stride, pads=(0, 0, 0, 0), deps=0):
    lo = vta_put([(3, opcode), (4, deps), (3, mtype), (16, sram), (32, dram)])
    hi = vta_put([(16, y), (16, x), (16, stride)] + [(4, p) for p in pads])
    return struct.pack("<QQ", lo, hi)


def compute(layout, opcode, reset, bgn, end, it_out, it_in, factors, alu=None):
    luop, linp, lwgt, lacc = layout
    lo = vta_put([(3, opcode), (4, 0), (1, reset), (luop, bgn), (luop + 1, end), (14, it_out),
                  (14, it_in)])
    f = [(lacc, factors[0]), (lacc, factors[1]), (linp, factors[2]), (linp, factors[3])]
    if opcode == 2:
        f += [(lwgt, factors[4]), (lwgt, factors[5])]
    else:
        op, use_imm, imm = alu
        f += [(3, op), (1, use_imm), (16, imm)]
    return struct.pack("<QQ", lo, vta_put(f))


def finish():
    return struct.pack("<QQ", 3, 0)


def make_vta():
    out = clear_seeds("vta")
    # Shape bytes 0x1a, 0x3f: BATCH 1, BLOCK 2^2, UOP depth 2^3, INP/WGT/ACC depth 2^3.
    a, b = 0x04 | (3 << 3), 0x3F
    layout = (3, 3, 3, 3)
    uop_dram = 64  # micro-ops at byte 256 (dram_base counts 4-byte elements)
    program = [
        mem(0, 0, 0, uop_dram, 1, 4, 4),  # LOAD UOP 4
        mem(0, 2, 0, 8, 2, 2, 2),  # LOAD INP
        mem(0, 1, 0, 4, 1, 2, 2),  # LOAD WGT
        compute(layout, 2, 1, 0, 4, 1, 1, (0, 0, 0, 0, 0, 0)),  # GEMM reset
        compute(layout, 2, 0, 0, 4, 2, 1, (1, 0, 1, 0, 0, 0)),  # GEMM
        compute(layout, 4, 0, 0, 2, 1, 1, (0, 0, 0, 0), (2, 1, 5)),  # ALU ADD imm
        compute(layout, 4, 0, 0, 2, 1, 1, (0, 0, 0, 0), (3, 0, 0)),  # ALU SHR vector
        mem(1, 4, 0, 32, 1, 4, 4),  # STORE OUT
        finish(),
    ]
    body = bytes([a, b]) + b"".join(program)
    body += bytes(256 + 2 - len(body)) if len(body) < 258 else b""
    uops = b"".join(struct.pack("<I", i | (i << 3) | (i << 6)) for i in range(4))
    (out / "seed_gemm_alu_store.bin").write_bytes(body + uops)
    # Padded loads, a load into ACC, an unknown opcode, and a shape with BATCH 2, BLOCK 2.
    padded = [mem(0, 2, 0, 0, 1, 1, 1, (1, 1, 1, 1)), mem(0, 3, 0, 0, 2, 2, 2),
              struct.pack("<QQ", 7, 0), finish()]
    (out / "seed_padded_loads.bin").write_bytes(bytes([a, b]) + b"".join(padded))
    small = [mem(0, 0, 0, 16, 1, 2, 2), compute((3, 1, 2, 1), 4, 0, 0, 2, 2, 2, (1, 0, 1, 0),
                                                  (4, 0, 0)), finish()]
    (out / "seed_batch2_alu_mul.bin").write_bytes(bytes([0x01 | 0x00 | (3 << 3), 0x00 | (1 << 2)])
                                                   + b"".join(small))


# --- tflite: small models from tests/models descriptions --------------------------------------

TFLITE_MODELS = ["conv_3x3_stride1_same_relu", "depthwise_3x3_mult2_stride2_same",
                 "fully_connected_rank2_per_tensor_bias", "add_broadcast_channel_const",
                 "max_pool_2x2_stride2_valid", "softmax_beta1_rank2", "mean_axis3_keep_dims_requantized",
                 "concat_axis1_two_inputs", "pad_spatial", "reshape_flatten_then_fc",
                 "quantize_int8_rescale", "network_small_mixed"]


def make_tflite():
    out = clear_seeds("tflite")
    tool = ROOT / "tools" / "tflite" / "tflite_tool.py"
    for name in TFLITE_MODELS:
        subprocess.run([sys.executable, str(tool), "make", str(ROOT / "tests" / "models" / f"{name}.json"),
                        str(out / f"seed_{name}.tflite")], check=True, stdout=subprocess.DEVNULL)


def main():
    firmware_dir = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build/default/firmware_stub"
    make_config()
    make_elf(firmware_dir)
    make_vta()
    make_tflite()


if __name__ == "__main__":
    main()
