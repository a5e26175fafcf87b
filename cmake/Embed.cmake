# accsim_embed_file(TARGET INPUT FUNCTION): compiles INPUT's bytes into TARGET as
# std::string_view accsim::FUNCTION() (e.g. a component's schema fragment), rebuilt when INPUT
# changes.
function(accsim_embed_file target input function)
  set(output ${CMAKE_CURRENT_BINARY_DIR}/${function}.cpp)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${output} -DFUNCTION=${function}
            -P ${ACCSIM_SOURCE_DIR}/cmake/EmbedFile.cmake
    DEPENDS ${input} ${ACCSIM_SOURCE_DIR}/cmake/EmbedFile.cmake
    COMMENT "Embedding ${input}")
  target_sources(${target} PRIVATE ${output})
endfunction()
