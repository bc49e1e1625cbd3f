# lab_build.cmake - how a lab submission is built fast (labs/grader/submission.py): the
# grader's pristine build names the lab's files in TIGER_LAB_FILES. Included by the top
# CMakeLists.txt before any target; tiger_lab_files_flags() is called after the last.
# A reference build (TIGER_LAB_FILES empty) is not changed by anything here.
#
# A student's tigerc is built once and runs in each of a grade's hundred compiles, so every
# other file is built -O2; the lab's own files keep the build type's flags (-O0), the
# fastest to rebuild when a submission changes them (the loop at the end).
set(TIGER_LAB_FILES "" CACHE STRING "The lab's files, relative to the top (the grader's)")
if(TIGER_LAB_FILES)
  add_compile_options(-O2)
  # Each submission links tigerc again: lld takes a quarter of GNU ld's time, gold half.
  include(CheckLinkerFlag)
  foreach(linker IN ITEMS lld gold)
    check_linker_flag(CXX -fuse-ld=${linker} TIGER_LINKS_WITH_${linker})
    if(TIGER_LINKS_WITH_${linker})
      add_link_options(-fuse-ld=${linker})
      break()
    endif()
  endforeach()
endif()

# tiger_lab_pch(FILE DIR OUT): precompiles the header a lab file includes first, when it
# is one of the project's, with exactly the flags of the target (in DIR) that builds the
# file; OUT := the options that let FILE's compile find it. GCC looks for H.gch in an
# -iquote folder before it looks for H, and uses it only where H is the file's first
# include and the flags match: any other file compiles as it would without it.
function(tiger_lab_pch file dir out)
  set(${out} "" PARENT_SCOPE)
  file(STRINGS "${file}" first REGEX "^#include \"" LIMIT_COUNT 1)
  string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" header "${first}")
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t IN LISTS targets)
    get_target_property(srcs ${t} SOURCES)
    list(TRANSFORM srcs PREPEND "${dir}/" REGEX "^[^/]")
    if(file IN_LIST srcs)
      set(target ${t})
    endif()
  endforeach()
  if(NOT header OR NOT EXISTS "${CMAKE_SOURCE_DIR}/${header}" OR NOT target)
    return()
  endif()
  string(MAKE_C_IDENTIFIER "${header}_pch" name)
  # The object is the precompiled header: H.gch in lab-pch/ names it.
  set(pch "${CMAKE_BINARY_DIR}/CMakeFiles/${name}.dir/${header}.o")
  if(NOT TARGET ${name})  # else another lab file includes the same header first
    tiger_pch_target(${name} "${header}" ${target} "${pch}")
  endif()
  add_dependencies(${target} ${name})
  # The .gch's own dependencies name the headers it holds (GCC 12 crashes on -fpch-deps).
  set_property(SOURCE "${file}" DIRECTORY "${dir}" PROPERTY OBJECT_DEPENDS "${pch}")
  set(${out} "-iquote;${CMAKE_BINARY_DIR}/lab-pch" PARENT_SCOPE)
endfunction()

# tiger_pch_target(NAME HEADER TARGET PCH): the object library NAME compiles HEADER into
# PCH with TARGET's flags (the lab files' -O0), linked to as lab-pch/HEADER.gch.
function(tiger_pch_target name header target pch)
  add_library(${name} OBJECT "${CMAKE_SOURCE_DIR}/${header}")
  foreach(what IN ITEMS INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS)
    set_property(TARGET ${name} PROPERTY ${what} "$<TARGET_PROPERTY:${target},${what}>")
  endforeach()
  set_source_files_properties("${CMAKE_SOURCE_DIR}/${header}" PROPERTIES LANGUAGE CXX
                              COMPILE_OPTIONS "-O0;-x;c++-header")
  get_filename_component(folder "${CMAKE_BINARY_DIR}/lab-pch/${header}" DIRECTORY)
  file(MAKE_DIRECTORY "${folder}")
  file(RELATIVE_PATH link "${folder}" "${pch}")
  file(CREATE_LINK "${link}" "${CMAKE_BINARY_DIR}/lab-pch/${header}.gch" SYMBOLIC)
endfunction()

# Each of TIGER_LAB_FILES -O0 (after the -O2 above), its first include precompiled, set
# in the folder whose CMakeLists.txt builds it: the nearest one above it.
function(tiger_lab_files_flags)
  foreach(file IN LISTS TIGER_LAB_FILES)
    set(file "${CMAKE_SOURCE_DIR}/${file}")
    get_filename_component(dir "${file}" DIRECTORY)
    while(NOT EXISTS "${dir}/CMakeLists.txt")
      get_filename_component(dir "${dir}" DIRECTORY)
    endwhile()
    tiger_lab_pch("${file}" "${dir}" pch_options)
    set_source_files_properties("${file}" DIRECTORY "${dir}"
                                PROPERTIES COMPILE_OPTIONS "-O0;${pch_options}")
  endforeach()
endfunction()
