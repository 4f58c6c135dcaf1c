// sd-bus from libsystemd, the D-Bus library DrawerAccess speaks AT-SPI2
// through, loaded at run time (sd_bus_loader.c says why). Swift cannot call
// its variadic functions (sd_bus_message_append, sd_bus_call_method,
// sd_bus_emit_signal): DrawerAccess builds and reads messages one value at
// a time with the fixed-argument calls instead. string.h's strerror words
// sd-bus's negative errnos.
#ifndef DRAWER_SD_BUS_H
#define DRAWER_SD_BUS_H

#include <string.h>
#include <systemd/sd-bus.h>

/// Opens libsystemd.so.0 and finds every sd-bus function DrawerAccess
/// uses: 0 when it did (and on every later call), -1 when the library or
/// one of them is missing. No sd-bus function may be called before it
/// returned 0.
int drawer_sd_bus_load(void);

#endif
