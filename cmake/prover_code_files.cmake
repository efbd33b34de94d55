# The files whose text decides what `vfuse prove` proves, as paths relative to the source
# root, sorted: read by prover_code_hash.cmake (the hash) and src/verify/CMakeLists.txt
# (the build dependencies of that hash). A file the prover starts to depend on belongs here.
function(vf_prover_code_files root out)
  file(GLOB_RECURSE found RELATIVE ${root}
       ${root}/src/semantics/*.h ${root}/src/semantics/*.cpp
       ${root}/src/smt/*.h ${root}/src/smt/*.cpp
       ${root}/src/verify/*.h ${root}/src/verify/*.cpp
       ${root}/src/dsl/*.h ${root}/src/dsl/*.cpp)
  foreach(f ops.def op.h op.cpp op_attrs.h op_attrs.cpp attrs.h attrs.cpp shape.h shape.cpp
          shape_inference.h shape_inference.cpp op_plan.h op_plan.cpp)
    if(EXISTS ${root}/src/ir/${f})
      list(APPEND found src/ir/${f})
    endif()
  endforeach()
  list(SORT found)
  set(${out} ${found} PARENT_SCOPE)
endfunction()
