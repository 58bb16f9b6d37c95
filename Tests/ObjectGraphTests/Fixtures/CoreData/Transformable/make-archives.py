#!/usr/bin/env python3
"""Writes the NSKeyedArchiver archives of this folder, object for object as Apple's Foundation
writes them (binary property lists with UIDs): python3 make-archives.py, in this folder."""
import plistlib
import uuid
from plistlib import UID


class Archive:
    """`$objects` being built: `$null` first, then each object where `add` puts it."""

    def __init__(self):
        self.objects = ["$null"]
        self.classes = {}

    def add(self, value):
        self.objects.append(value)
        return UID(len(self.objects) - 1)

    def reserve(self):
        return self.add(None)

    def object(self, name, fields, supers=(), at=None):
        """An object of class `name`: its fields, then its class description once."""
        index = at or self.reserve()
        if name not in self.classes:
            self.classes[name] = self.add({"$classname": name, "$classes": [name, *supers, "NSObject"]})
        self.objects[index.data] = {"$class": self.classes[name], **fields}
        return index

    def write(self, name, root):
        top = {"$version": 100000, "$archiver": "NSKeyedArchiver", "$top": {"root": root}, "$objects": self.objects}
        with open(name, "wb") as file:
            plistlib.dump(top, file, fmt=plistlib.FMT_BINARY, sort_keys=False)


# An NSMutableDictionary of every property-list type Foundation archives.
a = Archive()
root = a.reserve()
title = a.object("NSMutableString", {"NS.string": "Crème brûlée 🍮"}, ["NSString"])
count = a.add(-42)
base = a.object("NSURL", {"NS.base": UID(0), "NS.relative": a.add("https://example.com/recipes/")})
unique = a.object("NSUUID", {"NS.uuidbytes": uuid.UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F").bytes})
entries = {
    "title": title,
    "count": count,
    "ratio": a.add(0.25),
    "done": a.add(True),
    "created": a.object("NSDate", {"NS.time": 600000000.5}),
    "thumbnail": a.add(b"\x00\x01\xfe\xff"),
    "tags": a.object("NSMutableArray", {"NS.objects": [a.add("dessert"), count, title]}, ["NSArray"]),
    "nothing": a.object("NSNull", {}),
    "link": a.object("NSURL", {"NS.base": base, "NS.relative": a.add("cake.html?size=2")}),
    "id": unique,
    "unique": unique,
}
keys = [a.add(key) for key in entries]
a.object("NSMutableDictionary", {"NS.keys": keys, "NS.objects": list(entries.values())}, ["NSDictionary"], at=root)
a.write("PropertyListTypes.bin", root)

# An NSSet of two numbers and a string.
a = Archive()
a.write("Set.bin", a.object("NSSet", {"NS.objects": [a.add(1), a.add(2**40), a.add("three")]}))

# A UIColor, as UIKit archives one: a class the reader refuses by name.
a = Archive()
a.write("UIColor.bin", a.object("UIColor", {"UIColorComponentCount": 4, "UIRed": 1.0, "UIGreen": 0.5, "UIBlue": 0.0,
                                            "UIAlpha": 1.0, "NSRGB": b"1 0.5 0\x00", "NSColorSpace": 2}))

# An NSArray whose only member is itself: malformed for a reader of values.
a = Archive()
root = a.reserve()
a.write("Cycle.bin", a.object("NSArray", {"NS.objects": [root]}, at=root))

# 64 NSArrays, each holding the next one twice: 2^64 values in a few hundred bytes.
a = Archive()
inner = a.add("leaf")
for _ in range(64):
    inner = a.object("NSArray", {"NS.objects": [inner, inner]})
a.write("Doubling.bin", inner)
