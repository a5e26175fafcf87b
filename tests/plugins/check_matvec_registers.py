"""check_matvec_registers.py EXAMPLE_DIR: matvec.v spells each register offset of
matvec_regs.h (and the ID value) as a localparam of the same name; Verilog cannot include the C
header, so this keeps the two the same."""
import re
import sys
from pathlib import Path

example = Path(sys.argv[1])
header = (example / "matvec_regs.h").read_text()
verilog = (example / "matvec.v").read_text()
defines = {name: int(value, 16) for name, value in
           re.findall(r"#define (MATVEC_\w+) 0x([0-9A-Fa-f]+)u?\b", header)}
params = {name: int(value.replace("_", ""), 16) for name, value in
          re.findall(r"localparam \[\d+:0\] (MATVEC_\w+) = \d+'h([0-9A-Fa-f_]+);", verilog)}
if len(defines) < 16:
    sys.exit(f"matvec_regs.h: expected the 15 offsets and the ID value, found {sorted(defines)}")
# CTRL's bit values (START, BUSY, ...) are read as bit positions in the Verilog, not localparams.
bits = {"MATVEC_START", "MATVEC_BUSY", "MATVEC_DONE", "MATVEC_ERROR"}
problems = [f"{name}: header 0x{value:x}, matvec.v {params.get(name)}"
            for name, value in defines.items() if name not in bits and params.get(name) != value]
problems += [f"{name}: in matvec.v, not in matvec_regs.h" for name in params if name not in defines]
if problems:
    sys.exit("\n".join(problems))
print(f"{len(params)} register constants agree")
