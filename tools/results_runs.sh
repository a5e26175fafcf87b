#!/usr/bin/env bash
# Prints the runs of a results snapshot (tools/results_snapshot.sh), one per line:
#   NAME ARGS...      (accsim run arguments, whitespace-separated, no quoting)
# Placeholders the snapshot expands: @SRC@ source tree, @MODELS@ the real TFLite models
# (docs/models.md), @GEN@ the models generated from tests/models descriptions.
#   tools/results_runs.sh CONFIG_NAMES APP_NAMES GENERATED_MODEL_NAMES
# Each argument is a space-separated list (what `accsim list` shows, and tests/models/*.json).
# Longest runs first: two parallel jobs then finish together.
set -euo pipefail
read -r -a configs <<<"$1"
read -r -a apps <<<"$2"
read -r -a generated <<<"$3"

# --- Long runs: each config's own default run, whole networks, the RTL co-simulations.
for c in "${configs[@]}"; do echo "default/$c @SRC@/configs/$c.json"; done
pdti8="--model @MODELS@/pdti8.tflite --input @MODELS@/inputs/pdti8_person.bin"
mnv2="--model @MODELS@/mnv2_160_035.tflite --input @MODELS@/inputs/mnv2_input_00001_7425.bin"
echo "model/mnv2_cpu @SRC@/configs/vexriscv_arty.json $mnv2"
echo "model/mnv2_soc_auto @SRC@/configs/soc_cfu_vta.json $mnv2"
for d in cpu cfu vta auto; do
  echo "model/pdti8_soc_$d @SRC@/configs/soc_cfu_vta.json $pdti8 --set runtime.delegate=$d"
done
echo "model/pdti8_arty_cpu @SRC@/configs/vexriscv_arty.json $pdti8 --set runtime.delegate=cpu"
echo "model/pdti8_arty_zeros @SRC@/configs/vexriscv_arty.json --model @MODELS@/pdti8.tflite"
echo "model/pdti8_mnv2_cfu @SRC@/configs/mnv2_cfu.json $pdti8 --set runtime.delegate=cfu"
echo "model/pdti8_mnv2_cfu_rtl @SRC@/configs/mnv2_cfu.json $pdti8 --set runtime.delegate=cfu" \
  "--set cfu.impl=rtl"
echo "model/pdti8_vta @SRC@/configs/vta.json $pdti8 --set runtime.delegate=vta"
echo "model/pdti8_vta_tsim @SRC@/configs/vta_tsim.json $pdti8 --set runtime.delegate=auto"
mnv2_cfu=@SRC@/configs/mnv2_cfu.json
echo "mnv2/stage1_all_layers $mnv2_cfu --set firmware_args=[1,0,34]"
echo "rtl/mnv2_stage6_all_layers $mnv2_cfu --set cfu.impl=rtl"
for stage in 3 4 5 6; do
  echo "rtl/mnv2_stage${stage}_26_4 $mnv2_cfu --set cfu.impl=rtl --set firmware_args=[$stage,26,4]"
done
echo "rtl/mnv2_golden_op $mnv2_cfu --set cfu.impl=rtl --firmware mnv2_golden_op"
# Sizes other than the built-in RTL's: verilated at run time (cached in ACCSIM_CFU_CACHE).
echo "rtl/mnv2_8_lanes $mnv2_cfu --set cfu.impl=rtl --set cfu.macc_lanes=8" \
  "--set firmware_args=[6,26,2]"
echo "rtl/user_cfu_never_answers @SRC@/tests/data/user_cfu_never_answers.json"

# --- Every shipped config x every firmware app. Apps whose default run is long or endless get
# short arguments here; their usual runs follow below.
for c in "${configs[@]}"; do
  for a in "${apps[@]}"; do
    extra=""
    case $a in
      fault_infinite_loop) extra="--max-cycles 200000" ;;
      conv_suite) extra="--set firmware_args=[52,4,300]" ;;
      mnv2_conv1x1) extra="--set firmware_args=[2,26,1]" ;;
    esac
    echo "cross/$c/$a @SRC@/configs/$c.json --firmware $a $extra"
  done
done

# --- The apps with their usual arguments (as the firmware tests run them).
for stage in 1 2 3 4 5 6; do
  echo "mnv2/stage${stage}_26_4 $mnv2_cfu --set firmware_args=[$stage,26,4]"
done
echo "mnv2/small_filter_store $mnv2_cfu --set cfu.filter_bank_words=128 --set firmware_args=[6,33,1]"
echo "mnv2/stage6_8_lanes $mnv2_cfu --set cfu.macc_lanes=8 --set firmware_args=[6,26,2]"
ideal=@SRC@/configs/vexriscv_ideal.json
for latency in 10 20; do
  echo "calibration/core_L$latency $ideal --firmware timing_calib --set firmware_args=[0]" \
    "--set memories.main_ram.latency_cycles=$latency"
done
for cfu in "1 true" "5 false"; do
  read -r n pipelined <<<"$cfu"
  echo "calibration/cfu_${n}_$pipelined $ideal --firmware timing_calib --set firmware_args=[1]" \
    "--set cfu.kind=latency --set cfu.latency_cycles=$n --set cfu.pipelined=$pipelined"
done
echo "cpu/isa_test_dynamic_prediction --firmware isa_test --set cpu.timing.branch_prediction=dynamic"
echo "cpu/isa_test_uncached_slow_memory --firmware isa_test" \
  "--set memories.main_ram.latency_cycles=1 --set memories.main_ram.dmi=false"
echo "cpu/hello_small_memory --firmware hello --set memories.main_ram.size=4K"
for case in 52 53 54 55 56 57 7 40; do
  echo "conv_suite/layer_$case --firmware conv_suite --set firmware_args=[$case,4,300]"
done
vta=@SRC@/configs/vta.json
for args in "vta_add [1,1001,0]" "vta_add [2,40001,3]" "vta_add [1,16385,2]" \
  "vta_add [1,1001,0,4,1]" "vta_add [2,999,1,5,1]" "vta_add_exact [1,1001,-1,5,0]" \
  "vta_add_exact [2,1,-1,7,1]" "vta_add_exact [2,10001,2,9,1]" "vta_gemm_test [2024]" \
  "vta_bench [0]" "vta_conv2d [35,1,1,0]" "vta_conv2d [35,2,1,0]" "vta_conv2d [36,1,1,0]" \
  "vta_conv2d [36,2,1,0]" "vta_conv2d [39,2,1,0]" "vta_conv2d [43,1,1,0]" \
  "vta_conv2d [2,2,1,0]" "vta_conv2d [29,1,1,0]" "vta_conv2d [36,2,1,1]"; do
  read -r app list <<<"$args"
  name=${app}_$(tr -d '[]' <<<"$list" | tr ',-' '_m')
  echo "vta/$name $vta --firmware $app --set firmware_args=$list"
done
echo "vta/hw_file @SRC@/tests/data/vta_hw_file.json"

# --- Generated models (tests/models/*.json): every one on the SoC with both accelerators
# (auto placement); the accelerator-shaped ones under each delegate.
soc=@SRC@/configs/soc_cfu_vta.json
for m in "${generated[@]}"; do
  case $m in
    accel/*)
      for d in auto cfu vta; do
        echo "generated/${m//\//_}_$d $soc --model @GEN@/$m.tflite --input @GEN@/$m.input.bin" \
          "--set runtime.delegate=$d"
      done
      ;;
    *) echo "generated/${m}_auto $soc --model @GEN@/$m.tflite --input @GEN@/$m.input.bin" ;;
  esac
done
echo "generated/network_small_mixed_arty_cpu @SRC@/configs/vexriscv_arty.json" \
  "--model @GEN@/network_small_mixed.tflite --input @GEN@/network_small_mixed.input.bin"

# --- Traces: every kind on short runs (fst on the RTL CFUs).
all="console,cache-misses,mem,timeline,insn"
echo "trace/hello_all --firmware hello --trace $all"
echo "trace/hello_window --firmware hello --trace cache-misses,mem --trace-window 1000:2000"
echo "trace/hello_limit --firmware hello --trace mem --trace-limit 100"
echo "trace/vta_add $vta --trace timeline,mem,console"
echo "trace/mnv2_stage6 $mnv2_cfu --set firmware_args=[6,26,1] --trace timeline,cache-misses"
echo "trace/mnv2_rtl_fst $mnv2_cfu --set cfu.impl=rtl --set firmware_args=[6,26,1] --trace fst" \
  "--trace-window 0:2000000"
echo "trace/simd_mac_all @SRC@/configs/simd_mac_cfu.json --trace fst,$all"
echo "trace/fault_illegal --firmware fault_illegal --trace $all"
echo "trace/generated_timeline $soc --model @GEN@/network_small_mixed.tflite" \
  "--input @GEN@/network_small_mixed.input.bin --trace timeline,console"
