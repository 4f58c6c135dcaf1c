// libsystemd's sd-bus, loaded only when the program finds an accessibility
// bus. Linked, libsystemd and the six libraries it needs (lz4, zstd, lzma,
// gcrypt, gpg-error, cap) would be mapped into every run, ~0.75 MB of
// memory that a desktop without a screen reader never uses. Instead
// drawer_sd_bus_load() opens libsystemd.so.0 with dlopen, and each sd-bus
// function DrawerAccess calls is defined here under its own name, calling
// through the pointer dlsym found. The definitions are hidden: they stay
// inside the program, where no other library can bind to them.
#include <dlfcn.h>
#include <stddef.h>

#pragma GCC visibility push(hidden)
#include "drawer_sd_bus.h"

// Every sd-bus function DrawerAccess and its tests call: the result type,
// the name, the parameters and the arguments that pass them on.
#define SD_BUS_FUNCTIONS(FUNC, VOID) \
  FUNC(int, sd_bus_add_object, (sd_bus *bus, sd_bus_slot **slot, const char *path, sd_bus_message_handler_t callback, void *userdata), (bus, slot, path, callback, userdata)) \
  FUNC(int, sd_bus_add_fallback, (sd_bus *bus, sd_bus_slot **slot, const char *prefix, sd_bus_message_handler_t callback, void *userdata), (bus, slot, prefix, callback, userdata)) \
  FUNC(int, sd_bus_call_async, (sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata, uint64_t usec), (bus, slot, m, callback, userdata, usec)) \
  FUNC(sd_bus*, sd_bus_close_unref, (sd_bus *bus), (bus)) \
  VOID(void, sd_bus_error_free, (sd_bus_error *e), (e)) \
  FUNC(int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), (e, name, message)) \
  FUNC(int, sd_bus_get_events, (sd_bus *bus), (bus)) \
  FUNC(int, sd_bus_get_fd, (sd_bus *bus), (bus)) \
  FUNC(int, sd_bus_get_n_queued_write, (sd_bus *bus, uint64_t *ret), (bus, ret)) \
  FUNC(int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec)) \
  FUNC(int, sd_bus_get_unique_name, (sd_bus *bus, const char **unique), (bus, unique)) \
  FUNC(int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p)) \
  FUNC(int, sd_bus_message_close_container, (sd_bus_message *m), (m)) \
  FUNC(int, sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents)) \
  FUNC(int, sd_bus_message_exit_container, (sd_bus_message *m), (m)) \
  FUNC(const sd_bus_error*, sd_bus_message_get_error, (sd_bus_message *m), (m)) \
  FUNC(const char*, sd_bus_message_get_interface, (sd_bus_message *m), (m)) \
  FUNC(const char*, sd_bus_message_get_member, (sd_bus_message *m), (m)) \
  FUNC(const char*, sd_bus_message_get_path, (sd_bus_message *m), (m)) \
  FUNC(const char*, sd_bus_message_get_signature, (sd_bus_message *m, int complete), (m, complete)) \
  FUNC(int, sd_bus_message_is_method_call, (sd_bus_message *m, const char *interface, const char *member), (m, interface, member)) \
  FUNC(int, sd_bus_message_is_method_error, (sd_bus_message *m, const char *name), (m, name)) \
  FUNC(int, sd_bus_message_new_method_call, (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member), (bus, m, destination, path, interface, member)) \
  FUNC(int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m), (call, m)) \
  FUNC(int, sd_bus_message_new_signal, (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member), (bus, m, path, interface, member)) \
  FUNC(int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents)) \
  FUNC(int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p)) \
  FUNC(int, sd_bus_message_rewind, (sd_bus_message *m, int complete), (m, complete)) \
  FUNC(int, sd_bus_message_seal, (sd_bus_message *m, uint64_t cookie, uint64_t timeout_usec), (m, cookie, timeout_usec)) \
  FUNC(sd_bus_message*, sd_bus_message_unref, (sd_bus_message *m), (m)) \
  FUNC(int, sd_bus_is_ready, (sd_bus *bus), (bus)) \
  FUNC(int, sd_bus_new, (sd_bus **ret), (ret)) \
  FUNC(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r)) \
  FUNC(int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie)) \
  FUNC(int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address)) \
  FUNC(int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b)) \
  FUNC(int, sd_bus_set_fd, (sd_bus *bus, int input_fd, int output_fd), (bus, input_fd, output_fd)) \
  FUNC(int, sd_bus_set_server, (sd_bus *bus, int b, sd_id128_t bus_id), (bus, b, bus_id)) \
  FUNC(int, sd_bus_set_method_call_timeout, (sd_bus *bus, uint64_t usec), (bus, usec)) \
  FUNC(sd_bus_slot*, sd_bus_slot_unref, (sd_bus_slot *slot), (slot)) \
  FUNC(int, sd_bus_start, (sd_bus *bus), (bus))

#define POINTER(ret, name, params, args) static ret(*p_##name) params;
SD_BUS_FUNCTIONS(POINTER, POINTER)

static void *library;

int drawer_sd_bus_load(void) {
  if (library)
    return 0;
  void *opened = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!opened)
    return -1;
#define RESOLVE(ret, name, params, args) \
  if (!(p_##name = (ret(*) params)dlsym(opened, #name))) { \
    dlclose(opened); \
    return -1; \
  }
  SD_BUS_FUNCTIONS(RESOLVE, RESOLVE)
  library = opened;
  return 0;
}

#define DEFINE(ret, name, params, args) \
  ret name params { return p_##name args; }
#define DEFINE_VOID(ret, name, params, args) \
  ret name params { p_##name args; }
SD_BUS_FUNCTIONS(DEFINE, DEFINE_VOID)

#pragma GCC visibility pop
