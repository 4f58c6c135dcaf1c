// The Qt Quick peer of `make bench`: Qt Quick Controls' own bottom Drawer in
// the geometry of drawer-x11's bench window (Benchmarks/README.md, "Peers").
//
// 800x600; the drawer is 420 px tall, so open its top edge is at y=180 and
// its grabber bar sits around y=198, where the bench's drag starts. It
// opens at start with Qt's own enter transition, dims what is behind it,
// follows the pointer when dragged and snaps open or shut on release (Qt's
// Drawer has no middle detent). Inside: a grabber and a list of 200 rows,
// as drawer-x11 shows with --rows 200.
//
// Run by Benchmarks/peers.py with QT_QPA_PLATFORM=xcb and
// QT_QUICK_BACKEND=software: no GPU here, and drawer-x11 draws in software too.
import QtQuick
import QtQuick.Controls
import QtQuick.Window

ApplicationWindow {
    id: window
    title: "drawer-x11 bench peer: Qt Quick Drawer"
    width: 800
    height: 600
    visible: true
    color: "#e8e8ec"

    Column {
        x: 24; y: 24
        spacing: 10
        Label { text: "Behind the drawer"; font.pixelSize: 26 }
        Label { text: "The bench drags the grabber from y=198 towards the bottom." }
        Button { text: "Show the drawer"; onClicked: sheet.open() }
    }

    Drawer {
        id: sheet
        edge: Qt.BottomEdge
        width: window.width
        height: 420
        modal: true
        dim: true
        interactive: true
        closePolicy: Popup.CloseOnPressOutside | Popup.CloseOnEscape
        Overlay.modal: Rectangle { color: "#66000000" }

        background: Rectangle { color: "#fafafc"; radius: 10 }

        Item {
            id: grabber
            width: parent.width
            height: 36
            Rectangle {
                anchors.centerIn: parent
                width: 44; height: 5; radius: 2.5
                color: "#a8a8b0"
            }
        }

        ListView {
            anchors { top: grabber.bottom; left: parent.left; right: parent.right; bottom: parent.bottom }
            clip: true
            model: 200
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            delegate: ItemDelegate {
                required property int index
                width: ListView.view.width
                height: 44
                text: "Row " + (index + 1)
            }
        }
    }

    Component.onCompleted: sheet.open()
}
