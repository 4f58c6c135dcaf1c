// Three X libraries drawer-x11 opens only when it first needs them
// (x_on_demand.c): RandR and Xinerama, which only --monitor, --desktop and
// --bar ask, and libxkbcommon, which only a window made for typing asks,
// without an input method. The functions keep their own names and
// declarations (CX11's headers); this header only says that they are here.
#ifndef DRAWER_X_ON_DEMAND_H
#define DRAWER_X_ON_DEMAND_H

#endif
